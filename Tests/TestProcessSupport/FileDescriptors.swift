import Foundation
import TestProcessSupportShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The descriptors a test hands to a ``SpawnedProcess``: pipes, `/dev/null`, and reading and
/// writing them to the end.
///
/// The caller owns every descriptor these functions return and closes it with `close(_:)`.
public enum FileDescriptors {
  /// Creates a pipe whose ends are close-on-exec.
  ///
  /// A child gets an end only as one of its standard descriptors; after spawning, close the
  /// child's end in this process, or reading the other end never sees the end of the data.
  ///
  /// - Returns: The reading end and the writing end.
  /// - Throws: ``SpawnError`` if the pipe cannot be created (too many open descriptors, say).
  public static func makePipe() throws(SpawnError) -> (readEnd: Int32, writeEnd: Int32) {
    var descriptors: [Int32] = [-1, -1]
    guard test_process_support_pipe_cloexec(&descriptors) == 0 else {
      throw SpawnError("pipe2", code: errno)
    }
    return (descriptors[0], descriptors[1])
  }

  /// Opens `/dev/null` for reading and writing, close-on-exec.
  ///
  /// - Returns: The descriptor.
  /// - Throws: ``SpawnError`` if it cannot be opened.
  public static func openNullDevice() throws(SpawnError) -> Int32 {
    let descriptor = open("/dev/null", O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { throw SpawnError("open /dev/null", code: errno) }
    return descriptor
  }

  /// Whether `/dev/null` is still the null device.
  ///
  /// The Swift driver deletes the outputs of a job that fails, so `swiftc -o /dev/null` run as
  /// root can delete `/dev/null`; the next program to write there then creates a regular file,
  /// and children whose standard input is `/dev/null` read what was written to it. Tests that
  /// run failing compilations check this afterwards.
  ///
  /// - Returns: `true` if `/dev/null` is a character device.
  public static func nullDeviceIsIntact() -> Bool {
    let attributes = try? FileManager.default.attributesOfItem(atPath: "/dev/null")
    return attributes?[.type] as? FileAttributeType == .typeCharacterSpecial
  }

  /// Reads `descriptor` until the end of its data: for a pipe, until every writing end is
  /// closed.
  ///
  /// - Parameter descriptor: The descriptor to read, in blocking mode.
  /// - Returns: Everything read.
  /// - Throws: ``SpawnError`` if a read fails.
  public static func readToEnd(_ descriptor: Int32) throws(SpawnError) -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let (count, failure) = buffer.withUnsafeMutableBytes { bytes in
        let count = read(descriptor, bytes.baseAddress, bytes.count)
        return (count, count < 0 ? errno : 0)
      }
      if count > 0 {
        result.append(contentsOf: buffer[0..<count])
      } else if count == 0 {
        return result
      } else if failure != EINTR {
        throw SpawnError("read", code: failure)
      }
    }
  }

  /// Writes all of `bytes` to `descriptor`.
  ///
  /// When nobody reads the other end any more (a child that exited without reading its
  /// input), the write fails with `EPIPE`, which this function throws, instead of raising
  /// `SIGPIPE`, whose default action would end the whole test process. On Darwin the
  /// descriptor is told not to raise it (`F_SETNOSIGPIPE`); elsewhere the signal is blocked on
  /// this thread during the write and, if the write raised it, taken before it is unblocked.
  ///
  /// - Parameters:
  ///   - bytes: What to write.
  ///   - descriptor: The descriptor, in blocking mode.
  /// - Throws: ``SpawnError`` if a write fails, with `EPIPE` if the reading end is closed.
  public static func write(_ bytes: [UInt8], to descriptor: Int32) throws(SpawnError) {
    #if canImport(Darwin)
      guard fcntl(descriptor, F_SETNOSIGPIPE, 1) == 0 else {
        throw SpawnError("fcntl F_SETNOSIGPIPE", code: errno)
      }
      try writeAll(bytes, to: descriptor, brokenPipe: {})
    #else
      var brokenPipe = sigset_t()
      sigemptyset(&brokenPipe)
      sigaddset(&brokenPipe, SIGPIPE)
      var previousMask = sigset_t()
      let blocked = pthread_sigmask(SIG_BLOCK, &brokenPipe, &previousMask)
      guard blocked == 0 else { throw SpawnError("pthread_sigmask", code: blocked) }
      defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
      try writeAll(bytes, to: descriptor) {
        // The SIGPIPE this write raised is pending on this thread (unless SIGPIPE is
        // ignored): take it, so that unblocking does not deliver it.
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&brokenPipe, nil, &noWait)
      }
    #endif
  }

  /// Writes all of `bytes` to `descriptor`, retrying interrupted writes.
  ///
  /// - Parameters:
  ///   - bytes: What to write.
  ///   - descriptor: The descriptor, in blocking mode.
  ///   - brokenPipe: Runs when a write fails with `EPIPE`, before that is thrown.
  /// - Throws: ``SpawnError`` if a write fails.
  private static func writeAll(
    _ bytes: [UInt8], to descriptor: Int32, brokenPipe: () -> Void
  ) throws(SpawnError) {
    var written = 0
    while written < bytes.count {
      let (count, failure) = bytes.withUnsafeBytes { buffer in
        let count = systemWrite(
          descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        return (count, count < 0 ? errno : 0)
      }
      if count >= 0 {
        written += count
      } else if failure == EPIPE {
        brokenPipe()
        throw SpawnError("write", code: failure)
      } else if failure != EINTR {
        throw SpawnError("write", code: failure)
      }
    }
  }
}

/// The C library's `write`, which ``FileDescriptors/write(_:to:)`` hides inside the enum.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
