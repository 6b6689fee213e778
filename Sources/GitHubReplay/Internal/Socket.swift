#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the server needs.
///
/// Every function here returns a plain result instead of throwing or trapping, so a misbehaving
/// peer can never crash the server.
enum Socket {
  /// What a wait on a connection saw.
  enum Readiness {
    /// The connection has bytes to read, or the peer closed it.
    case readable
    /// The server is stopping.
    case stopping
    /// The wait timed out.
    case timedOut
    /// `poll` failed.
    case failed
  }

  #if canImport(Darwin)
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
  #else
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #endif

  /// Opens a listening TCP socket on 127.0.0.1 with a port the kernel picks.
  ///
  /// - Returns: The socket and its port, or the failing call and `errno`.
  static func listenOnLoopback() -> Result<(descriptor: Int32, port: UInt16), ReplayServerError> {
    let descriptor = socket(AF_INET, streamType, 0)
    guard descriptor >= 0 else { return .failure(.socket(call: "socket", errno: errno)) }
    setCloseOnExec(descriptor)
    var reuse: Int32 = 1
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    #if canImport(Darwin)
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_NOSIGPIPE, &reuse, socklen_t(MemoryLayout<Int32>.size))
    #endif

    var address = sockaddr_in()
    #if canImport(Darwin)
      // BSD sockets carry the address's length in the address too.
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(descriptor)
      return .failure(.socket(call: "bind", errno: code))
    }
    guard listen(descriptor, 128) == 0 else {
      let code = errno
      close(descriptor)
      return .failure(.socket(call: "listen", errno: code))
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard named == 0 else {
      let code = errno
      close(descriptor)
      return .failure(.socket(call: "getsockname", errno: code))
    }
    return .success((descriptor, UInt16(bigEndian: address.sin_port)))
  }

  /// Creates the pipe that wakes every waiting thread when the server stops.
  ///
  /// - Returns: The read and write ends.
  static func makeWakePipe() -> Result<(read: Int32, write: Int32), ReplayServerError> {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return .failure(.socket(call: "pipe", errno: errno)) }
    setCloseOnExec(ends[0])
    setCloseOnExec(ends[1])
    return .success((ends[0], ends[1]))
  }

  /// Accepts one connection.
  ///
  /// - Parameter listener: The listening socket.
  /// - Returns: The connection, or `nil` if `accept` failed.
  static func accept(_ listener: Int32) -> Int32? {
    #if canImport(Darwin)
      let connection = Darwin.accept(listener, nil, nil)
    #else
      let connection = Glibc.accept(listener, nil, nil)
    #endif
    guard connection >= 0 else { return nil }
    setCloseOnExec(connection)
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    _ = setsockopt(
      connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    #if canImport(Darwin)
      var on: Int32 = 1
      _ = setsockopt(
        connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return connection
  }

  /// Waits until `descriptor` is readable, the wake pipe fires, or `milliseconds` pass.
  ///
  /// - Parameters:
  ///   - descriptor: The socket to watch.
  ///   - wake: The read end of the wake pipe.
  ///   - milliseconds: The longest wait; `-1` waits forever.
  /// - Returns: What happened first. A stopping server wins over a readable socket.
  static func wait(for descriptor: Int32, wake: Int32, milliseconds: Int32) -> Readiness {
    var fds = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let result = poll(&fds, nfds_t(fds.count), milliseconds)
      if result < 0 {
        if errno == EINTR { continue }
        return .failed
      }
      if result == 0 { return .timedOut }
      if fds[1].revents != 0 { return .stopping }
      return .readable
    }
  }

  /// Reads up to `capacity` bytes.
  ///
  /// - Parameters:
  ///   - descriptor: The socket.
  ///   - capacity: The most bytes to read.
  /// - Returns: The bytes read; empty at end of stream; `nil` on an error.
  static func receive(_ descriptor: Int32, capacity: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: capacity)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, capacity, 0) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      return Array(buffer[0..<count])
    }
  }

  /// Whether the peer has closed its side, checked without consuming data.
  ///
  /// - Parameter descriptor: The socket, which `poll` reported readable.
  /// - Returns: `true` at end of stream or on a connection error; `false` if data is waiting.
  static func peerHasClosed(_ descriptor: Int32) -> Bool {
    var byte: UInt8 = 0
    while true {
      let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
      if count < 0 {
        if errno == EINTR { continue }
        return !(errno == EAGAIN || errno == EWOULDBLOCK)
      }
      return count == 0
    }
  }

  /// Sends all of `bytes`.
  ///
  /// - Parameters:
  ///   - descriptor: The socket.
  ///   - bytes: The bytes.
  /// - Returns: Whether every byte was sent; `false` if the peer went away or the send timed out.
  static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { buffer in
        send(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset, sendFlags)
      }
      if sent < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += sent
    }
    return true
  }

  /// Signals every thread waiting on the wake pipe.
  ///
  /// - Parameter descriptor: The write end of the wake pipe.
  static func signal(_ descriptor: Int32) {
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
  }

  /// Closes a descriptor.
  ///
  /// - Parameter descriptor: The descriptor.
  static func close(_ descriptor: Int32) {
    #if canImport(Darwin)
      _ = Darwin.close(descriptor)
    #else
      _ = Glibc.close(descriptor)
    #endif
  }

  /// Shuts down the sending side, so the peer sees the end of the stream.
  ///
  /// - Parameter descriptor: The socket.
  static func shutdownWriting(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  private static func setCloseOnExec(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
  }
}
