#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call of ``SpawnedProcess`` or ``FileDescriptors`` that failed, with its `errno`.
public struct SpawnError: Error, Hashable, CustomStringConvertible {
  /// What failed: the call, and the executable for `posix_spawn`.
  public var operation: String
  /// The `errno` value the call reported (`posix_spawn` returns it instead of setting `errno`).
  public var code: Int32

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - operation: What failed.
  ///   - code: The `errno` value.
  public init(_ operation: String, code: Int32) {
    self.operation = operation
    self.code = code
  }

  /// The operation, the system's message for the code, and the code.
  public var description: String {
    "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
  }
}
