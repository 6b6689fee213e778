import Foundation
import ObservableCore
import TestProcessSupportShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process started with `posix_spawn`, for tests that run a program.
///
/// Tests use this instead of Foundation's `Process`. On Linux, `Process.run()` in the toolchain
/// this package is tested with (6.3.1) scans `/proc/self/fd` with a copy that reads past the end
/// of its buffer when many descriptors are open, and the test process has 1,400 to 1,650 open
/// while the GitHubAsync suites run in parallel: a test starting a child then could crash the
/// whole run (swift-corelibs-foundation#5472 fixes it in later toolchains).
///
/// The child gets the three descriptors it is given as its standard input, output and error,
/// and nothing else: every descriptor from 3 up is closed in the child before the program runs
/// (`posix_spawn_file_actions_addclosefrom_np` with glibc, `POSIX_SPAWN_CLOEXEC_DEFAULT` on
/// Darwin), whatever its close-on-exec flag, so a child
/// never holds another test's pipe, socket or terminal open. As with `Process`, it starts with
/// no signal blocked, every signal's action the default, and a process group of its own.
///
/// Every child is reaped: by ``waitUntilExit()``, or by ``wait(timeout:)`` or ``poll()`` once it
/// has exited; a child still running when the last reference to it goes away is killed with
/// `SIGKILL` and reaped then.
public final class SpawnedProcess: Sendable {
  /// How a child ended.
  public enum Termination: Sendable, Hashable, CustomStringConvertible {
    /// It exited with this status (0 to 255).
    case exited(Int32)
    /// A signal ended it (`SIGTERM`, `SIGKILL`, ...).
    case signaled(Int32)

    /// The exit status, or the number of the signal that ended the child: what Foundation's
    /// `Process.terminationStatus` reports.
    public var status: Int32 {
      switch self {
      case .exited(let status): status
      case .signaled(let signal): signal
      }
    }

    /// `exit 3` or `signal 15`.
    public var description: String {
      switch self {
      case .exited(let status): "exit \(status)"
      case .signaled(let signal): "signal \(signal)"
      }
    }

    /// Decodes a status from `waitpid`: the child exited or was killed (this type never asks
    /// `waitpid` about stopped children).
    init(waitStatus: Int32) {
      let signal = waitStatus & 0x7f
      self = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signaled(signal)
    }
  }

  /// The child's process ID.
  public let processIdentifier: pid_t

  /// How the child ended, once it is reaped.
  ///
  /// `waitpid` and `kill` are called only under this lock, so the ID is never signalled or
  /// waited for after it is reaped and may be reused.
  private let reaped = _Mutex<Termination?>(nil)

  /// Starts `executable`.
  ///
  /// - Parameters:
  ///   - executable: The program's path (no `PATH` search); it is also the child's `argv[0]`.
  ///   - arguments: The arguments after `argv[0]`.
  ///   - environment: Changes to this process's environment for the child: a value sets the
  ///     variable, `nil` removes it.
  ///   - standardInput: The descriptor the child reads as its standard input.
  ///   - standardOutput: The descriptor the child writes its standard output to.
  ///   - standardError: The descriptor the child writes its standard error to; it may be the
  ///     same as `standardOutput`.
  /// - Throws: ``SpawnError`` if the child cannot be started: `ENOENT` or `EACCES` for a
  ///   program that cannot be run, `EBADF` for a descriptor that is not open, `EINVAL` for an
  ///   argument or variable containing a NUL byte.
  public init(
    executable: String, arguments: [String] = [], environment: [String: String?] = [:],
    standardInput: Int32 = STDIN_FILENO, standardOutput: Int32 = STDOUT_FILENO,
    standardError: Int32 = STDERR_FILENO
  ) throws(SpawnError) {
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    let argumentStrings = [executable] + arguments
    let environmentStrings = variables.map { "\($0.key)=\($0.value)" }
    for string in argumentStrings + environmentStrings where string.utf8.contains(0) {
      throw SpawnError("an argument or environment variable with a NUL byte", code: EINVAL)
    }

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
    defer { posix_spawn_file_actions_destroy(&actions) }
    try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
    defer { posix_spawnattr_destroy(&attributes) }

    // In this order: the standard descriptors first, then everything else is closed.
    let standard = [
      (standardInput, STDIN_FILENO), (standardOutput, STDOUT_FILENO),
      (standardError, STDERR_FILENO),
    ]
    for (descriptor, target) in standard {
      #if canImport(Darwin)
        // Under POSIX_SPAWN_CLOEXEC_DEFAULT a descriptor survives only if an action names it;
        // one that is already in place is named by inheriting it.
        if descriptor == target {
          try check(
            posix_spawn_file_actions_addinherit_np(&actions, target),
            "posix_spawn_file_actions_addinherit_np")
          continue
        }
      #endif
      try check(
        posix_spawn_file_actions_adddup2(&actions, descriptor, target),
        "posix_spawn_file_actions_adddup2")
    }
    #if canImport(Darwin)
      // Darwin closes every descriptor that no action names (the flag is set below).
      let closeOthers = Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #else
      try check(
        test_process_support_add_close_from(&actions, STDERR_FILENO + 1),
        "posix_spawn_file_actions_addclosefrom_np")
      let closeOthers: Int32 = 0
    #endif

    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var everyCatchableSignal = sigset_t()
    sigfillset(&everyCatchableSignal)
    sigdelset(&everyCatchableSignal, SIGKILL)
    sigdelset(&everyCatchableSignal, SIGSTOP)
    try check(posix_spawnattr_setsigmask(&attributes, &noSignals), "posix_spawnattr_setsigmask")
    try check(
      posix_spawnattr_setsigdefault(&attributes, &everyCatchableSignal),
      "posix_spawnattr_setsigdefault")
    try check(posix_spawnattr_setpgroup(&attributes, 0), "posix_spawnattr_setpgroup")
    try check(
      posix_spawnattr_setflags(
        &attributes,
        Int16(
          Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
            | closeOthers)),
      "posix_spawnattr_setflags")

    let argv = try CStringArray(argumentStrings)
    let envp = try CStringArray(environmentStrings)
    var child: pid_t = 0
    let result = withExtendedLifetime((argv, envp)) {
      posix_spawn(&child, executable, &actions, &attributes, argv.pointers, envp.pointers)
    }
    guard result == 0 else { throw SpawnError("posix_spawn \(executable)", code: result) }
    processIdentifier = child
  }

  deinit {
    let child = processIdentifier
    reaped.withLock { termination in
      guard termination == nil else { return }
      _ = kill(child, SIGKILL)
      var status: Int32 = 0
      while waitpid(child, &status, 0) == -1, errno == EINTR {}
    }
  }

  /// How the child ended, if it has exited; it is reaped here then.
  ///
  /// Never blocks.
  ///
  /// - Returns: How it ended, or `nil` while it runs.
  /// - Throws: ``SpawnError`` if `waitpid` fails (`ECHILD` if something else reaped it).
  public func poll() throws(SpawnError) -> Termination? {
    let child = processIdentifier
    return try reaped.withLock { (termination: inout Termination?) throws(SpawnError) in
      if let termination { return termination }
      var status: Int32 = 0
      while true {
        let result = waitpid(child, &status, WNOHANG)
        if result == child {
          termination = Termination(waitStatus: status)
          return termination
        }
        if result == 0 { return nil }
        let failure = errno
        guard failure == EINTR else { throw SpawnError("waitpid", code: failure) }
      }
    }
  }

  /// Blocks the calling thread until the child exits, and reaps it.
  ///
  /// Call it from a thread that may block (a test with dedicated threads, or a synchronous
  /// XCTest test); from async code use ``wait(timeout:)``.
  ///
  /// - Returns: How the child ended.
  /// - Throws: ``SpawnError`` if waiting fails.
  public func waitUntilExit() throws(SpawnError) -> Termination {
    while true {
      if let termination = try poll() { return termination }
      // Sleep until the child has exited without reaping it (WNOWAIT): only poll() reaps, under
      // the lock. After ECHILD (another thread reaped it meanwhile, or something else did),
      // poll() returns the termination or throws.
      var info = siginfo_t()
      if waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) == -1 {
        let failure = errno
        guard failure == EINTR || failure == ECHILD else {
          throw SpawnError("waitid", code: failure)
        }
      }
    }
  }

  /// Waits until the child exits or `timeout` passes, polling without blocking the calling
  /// thread: between checks the task sleeps, 1 ms at first and at most 10 ms.
  ///
  /// **Cancellation:** when the task is cancelled, it checks once more and returns.
  ///
  /// - Parameter timeout: How long to wait; the child is checked at least once.
  /// - Returns: How the child ended, or `nil` if it was still running at the deadline (it keeps
  ///   running; ``terminate()`` it or let it go to have it killed).
  /// - Throws: ``SpawnError`` if `waitpid` fails.
  public func wait(timeout: Duration) async throws(SpawnError) -> Termination? {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var interval = Duration.milliseconds(1)
    while true {
      if let termination = try poll() { return termination }
      let now = clock.now
      guard now < deadline else { return nil }
      do {
        try await Task.sleep(for: min(interval, deadline - now))
      } catch {
        return try poll()
      }
      interval = min(interval * 2, .milliseconds(10))
    }
  }

  /// Sends `signal` to the child, unless it has been reaped already.
  ///
  /// - Parameter signal: The signal number.
  /// - Throws: ``SpawnError`` if `kill` fails (`EINVAL` for a signal that does not exist).
  public func send(_ signal: Int32) throws(SpawnError) {
    let child = processIdentifier
    try reaped.withLock { (termination: inout Termination?) throws(SpawnError) in
      guard termination == nil else { return }
      guard kill(child, signal) == 0 else { throw SpawnError("kill", code: errno) }
    }
  }

  /// Sends `SIGTERM` to the child, unless it has been reaped already.
  ///
  /// - Throws: ``SpawnError`` if `kill` fails.
  public func terminate() throws(SpawnError) {
    try send(SIGTERM)
  }

  /// Sends `SIGINT` to the child, as Ctrl-C on its terminal would, unless it has been reaped
  /// already.
  ///
  /// - Throws: ``SpawnError`` if `kill` fails.
  public func interrupt() throws(SpawnError) {
    try send(SIGINT)
  }

  /// Runs `executable` to its end with its standard output and standard error captured
  /// together through one pipe, and its standard input this process's.
  ///
  /// The output is read to its end before the child is waited for, so a child writing more
  /// than a pipe holds never waits for room. The read ends when every process holding the
  /// pipe has closed it, normally when the child exits.
  ///
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: The arguments after `argv[0]`.
  ///   - environment: Changes to this process's environment: a value sets, `nil` removes.
  /// - Returns: How the child ended, and what it wrote, decoded as UTF-8.
  /// - Throws: ``SpawnError`` if the child cannot be started or its output cannot be read.
  public static func run(
    executable: String, arguments: [String] = [], environment: [String: String?] = [:]
  ) throws(SpawnError) -> (termination: Termination, output: String) {
    let pipe = try FileDescriptors.makePipe()
    defer { close(pipe.readEnd) }
    let process: SpawnedProcess
    do {
      process = try SpawnedProcess(
        executable: executable, arguments: arguments, environment: environment,
        standardOutput: pipe.writeEnd, standardError: pipe.writeEnd)
    } catch {
      close(pipe.writeEnd)
      throw error
    }
    close(pipe.writeEnd)
    let output = try FileDescriptors.readToEnd(pipe.readEnd)
    let termination = try process.waitUntilExit()
    return (termination, String(decoding: output, as: UTF8.self))
  }
}

/// Throws a ``SpawnError`` for a `posix_spawn*` call's nonzero result, which is an errno value.
private func check(_ result: Int32, _ operation: String) throws(SpawnError) {
  guard result == 0 else { throw SpawnError(operation, code: result) }
}

/// Strings copied into C memory as a null-terminated `char *[]`, freed with the array.
private final class CStringArray {
  /// The copies, then `nil`.
  let pointers: [UnsafeMutablePointer<CChar>?]

  /// Copies `strings`.
  ///
  /// - Throws: ``SpawnError`` with `ENOMEM` if memory runs out.
  init(_ strings: [String]) throws(SpawnError) {
    var pointers: [UnsafeMutablePointer<CChar>?] = []
    pointers.reserveCapacity(strings.count + 1)
    for string in strings {
      guard let copy = strdup(string) else {
        for pointer in pointers { free(pointer) }
        throw SpawnError("strdup", code: ENOMEM)
      }
      pointers.append(copy)
    }
    pointers.append(nil)
    self.pointers = pointers
  }

  deinit {
    for pointer in pointers { free(pointer) }
  }
}

extension SpawnedProcess {
  /// Runs a Swift script with `swift`, as `swift <script> <arguments>`, to its end.
  ///
  /// For the tests of the repository's scripts, which run them on fixture packages.
  ///
  /// - Parameters:
  ///   - script: The script.
  ///   - arguments: Its arguments.
  /// - Returns: Its exit status (or the number of the signal that ended it) and everything it
  ///   printed on standard output and standard error, or why it could not be started.
  public static func runSwiftScript(
    _ script: URL, arguments: [String]
  ) -> Result<(status: Int32, output: String), SpawnError> {
    do throws(SpawnError) {
      let result = try run(
        executable: "/usr/bin/env", arguments: ["swift", script.path] + arguments)
      return .success((result.termination.status, result.output))
    } catch {
      return .failure(error)
    }
  }
}
