import Foundation
import ObservableTesting
import TestProcessSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SpawnedProcess`, the child processes tests start instead of Foundation's `Process`.
///
/// The tests wait for children by blocking, so they run on dedicated threads.
@Suite("SpawnedProcess", .dedicatedThreads)
struct SpawnedProcessTests {
  @Test("reports the exit status, with standard output and error captured through one pipe")
  func exitStatus() throws {
    let success = try SpawnedProcess.run(executable: "/bin/sh", arguments: ["-c", "exit 0"])
    expectEqual(success.termination, .exited(0))
    expectEqual(success.output, "")

    let failure = try SpawnedProcess.run(
      executable: "/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 3"])
    expectEqual(failure.termination, .exited(3))
    expectEqual(failure.termination.status, 3)
    expectEqual(failure.output, "out\nerr\n")
  }

  @Test("reports the signal that ended a child")
  func signalled() throws {
    let run = try SpawnedProcess.run(executable: "/bin/sh", arguments: ["-c", "kill -KILL $$"])
    expectEqual(run.termination, .signaled(SIGKILL))
    // What Foundation's Process.terminationStatus says for a signal.
    expectEqual(run.termination.status, SIGKILL)
  }

  @Test("reads more output than a pipe holds before waiting, so the child never blocks")
  func largeOutput() throws {
    let size = 4 * 1_024 * 1_024
    let line = "0123456789abcdef\n"
    let run = try SpawnedProcess.run(
      executable: "/bin/sh", arguments: ["-c", "yes 0123456789abcdef | head -c \(size)"])
    #expect(run.termination == .exited(0))
    #expect(run.output.utf8.count == size)
    #expect(run.output.hasPrefix(line + line))
    #expect(run.output.split(separator: "\n").dropLast().allSatisfy { $0 == "0123456789abcdef" })
  }

  @Test("gives the child this process's environment with the changes asked for")
  func environment() throws {
    let value = "a value with spaces,\na new line and = signs"
    let run = try SpawnedProcess.run(
      executable: "/usr/bin/env", arguments: ["-0"],
      environment: ["SPAWNED_PROCESS_TEST_VALUE": value, "HOME": nil])
    expectEqual(run.termination, .exited(0))
    var seen: [String: String] = [:]
    for entry in run.output.split(separator: "\0") {
      guard let equals = entry.firstIndex(of: "=") else { continue }
      seen[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
    }
    var expected = ProcessInfo.processInfo.environment
    expected["SPAWNED_PROCESS_TEST_VALUE"] = value
    expected["HOME"] = nil
    expectEqual(seen, expected)
  }

  @Test("the child reads its standard input from the descriptor given")
  func standardInput() throws {
    let input = try FileDescriptors.makePipe()
    let output = try FileDescriptors.makePipe()
    defer { close(output.readEnd) }
    let spawned = Result {
      try SpawnedProcess(
        executable: "/bin/cat", standardInput: input.readEnd, standardOutput: output.writeEnd,
        standardError: output.writeEnd)
    }
    close(input.readEnd)
    close(output.writeEnd)
    do {
      defer { close(input.writeEnd) }
      if case .success = spawned {
        try FileDescriptors.write(Array("first line\nsecond line\n".utf8), to: input.writeEnd)
      }
    }
    let process = try spawned.get()
    let echoed = try FileDescriptors.readToEnd(output.readEnd)
    #expect(try process.waitUntilExit() == .exited(0))
    expectEqual(String(decoding: echoed, as: UTF8.self), "first line\nsecond line\n")
  }

  @Test("terminate() ends a sleeping child with SIGTERM, and the async wait sees it")
  func terminate() async throws {
    let null = try FileDescriptors.openNullDevice()
    defer { close(null) }
    let process = try SpawnedProcess(
      executable: "/bin/sleep", arguments: ["60"], standardInput: null, standardOutput: null,
      standardError: null)
    #expect(try await process.wait(timeout: .zero) == nil)
    try process.terminate()
    #expect(try await process.wait(timeout: .seconds(30)) == .signaled(SIGTERM))
    // Reaped: signalling it again does nothing.
    try process.terminate()
    #expect(try process.poll() == .signaled(SIGTERM))
  }

  @Test("a child holds no descriptor but its standard three, close-on-exec or not")
  func noInheritedDescriptors() throws {
    // A pipe without close-on-exec, moved to numbers above any the listing itself opens.
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    let readEnd = fcntl(ends[0], F_DUPFD, 100)
    let writeEnd = fcntl(ends[1], F_DUPFD, 100)
    close(ends[0])
    close(ends[1])
    defer {
      close(readEnd)
      close(writeEnd)
    }
    try #require(readEnd >= 100 && writeEnd >= 100)
    expectEqual(fcntl(readEnd, F_GETFD) & FD_CLOEXEC, 0)
    expectEqual(fcntl(writeEnd, F_GETFD) & FD_CLOEXEC, 0)

    let open = try childDescriptors()
    #expect(!open.contains(readEnd) && !open.contains(writeEnd), "\(open.sorted())")
    #expect(open.isSuperset(of: [0, 1, 2]), "\(open.sorted())")
    // Besides the standard three, only the directory `ls` is reading.
    #expect(open.count <= 4, "\(open.sorted())")
  }

  @Test("starts children again and again with 2,000 more descriptors open, where Process can crash")
  func manyDescriptors() throws {
    var original = rlimit()
    try #require(getrlimit(openFilesLimit, &original) == 0)
    // Room for the pipes on top of what the rest of the suite may be using meanwhile.
    var raised = original
    raised.rlim_cur =
      original.rlim_max - original.rlim_cur < 2_100
      ? original.rlim_max : original.rlim_cur + 2_100
    try #require(setrlimit(openFilesLimit, &raised) == 0)
    defer { _ = setrlimit(openFilesLimit, &original) }

    var pipes: [(readEnd: Int32, writeEnd: Int32)] = []
    defer {
      for pipe in pipes {
        close(pipe.readEnd)
        close(pipe.writeEnd)
      }
    }
    for _ in 0..<1_000 {
      pipes.append(try FileDescriptors.makePipe())
    }
    let count = try FileManager.default.contentsOfDirectory(atPath: ownDescriptors).count
    #expect(count >= 2_000)

    let ours = Set(pipes.flatMap { [$0.readEnd, $0.writeEnd] })
    for _ in 0..<50 {
      let open = try childDescriptors()
      #expect(open.isDisjoint(with: ours))
      #expect(open.count <= 4, "\(open.sorted())")
    }
  }

  @Test("throws a SpawnError with errno for a missing program or a descriptor that is not open")
  func spawnErrors() throws {
    let missing = #expect(throws: SpawnError.self) {
      try SpawnedProcess(executable: "/nonexistent/spawned-process-test")
    }
    #expect(missing?.code == ENOENT)
    let notOpen = #expect(throws: SpawnError.self) {
      try SpawnedProcess(executable: "/bin/true", standardInput: -1)
    }
    #expect(notOpen?.code == EBADF)
    let withNul = #expect(throws: SpawnError.self) {
      try SpawnedProcess(executable: "/bin/true", arguments: ["a\0b"])
    }
    #expect(withNul?.code == EINVAL)
  }

  @Test("writing to a child that exited without reading throws EPIPE instead of SIGPIPE")
  func brokenPipe() async throws {
    let input = try FileDescriptors.makePipe()
    defer { close(input.writeEnd) }
    let spawned = Result {
      try SpawnedProcess(executable: "/bin/true", standardInput: input.readEnd)
    }
    close(input.readEnd)
    #expect(try spawned.get().waitUntilExit() == .exited(0))
    // A child that another test starts at this moment holds a copy of every descriptor of this
    // process, the read end included, from its clone until it closes them before its exec; a
    // write succeeds meanwhile. So write until the pipe is broken, with a deadline. (At one
    // write per 20 ms, 60 s of writes fit in the pipe's 64 KiB: a write never blocks.)
    let deadline = ContinuousClock.now + .seconds(60)
    var failure: SpawnError?
    while failure == nil, ContinuousClock.now < deadline {
      do {
        try FileDescriptors.write(Array("nobody reads this".utf8), to: input.writeEnd)
        try await Task.sleep(for: .milliseconds(20))
      } catch let error as SpawnError {
        failure = error
      }
    }
    expectEqual(failure?.code, EPIPE)
  }

  @Test("every child is reaped: once waited for, or killed when its last reference goes")
  func reaping() throws {
    let finished = try SpawnedProcess(executable: "/bin/true")
    #expect(try finished.waitUntilExit() == .exited(0))
    #expect(try finished.waitUntilExit() == .exited(0))
    #expect(isNotAChild(finished.processIdentifier))

    var released: pid_t = 0
    do {
      let sleeping = try SpawnedProcess(executable: "/bin/sleep", arguments: ["60"])
      released = sleeping.processIdentifier
      #expect(try sleeping.poll() == nil)
    }
    #expect(isNotAChild(released))
  }
}

/// `RLIMIT_NOFILE`, typed as `getrlimit` takes it.
#if canImport(Glibc)
  private let openFilesLimit = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#else
  private let openFilesLimit = RLIMIT_NOFILE
#endif

/// The folder that lists the descriptors a process has open, as the process sees it.
#if os(Linux)
  private let ownDescriptors = "/proc/self/fd"
#else
  private let ownDescriptors = "/dev/fd"
#endif

/// The descriptors open in a child: `ls` of its descriptor folder, run by `/bin/sh`.
private func childDescriptors() throws -> Set<Int32> {
  let run = try SpawnedProcess.run(
    executable: "/bin/sh", arguments: ["-c", "ls \(ownDescriptors)"])
  expectEqual(run.termination, .exited(0), "\(run.output)")
  return Set(run.output.split(separator: "\n").compactMap { Int32($0) })
}

/// Whether `pid` is not (or no longer) a child of this process that `waitpid` could reap.
private func isNotAChild(_ pid: pid_t) -> Bool {
  var status: Int32 = 0
  return waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD
}
