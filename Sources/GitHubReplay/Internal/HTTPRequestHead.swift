import Foundation

/// The parsed request line and header section of an HTTP/1.x request.
struct HTTPRequestHead: Equatable {
  var method: String
  var target: String
  var version: String
  var headers: [ReplayHeader]

  /// Why a request head could not be parsed, as the status to answer with.
  enum Failure: Error, Equatable {
    /// `400 Bad Request`: the request line or a header line is malformed.
    case badRequest(String)
    /// `505 HTTP Version Not Supported`.
    case unsupportedVersion
  }

  /// The largest header section the server reads, in bytes.
  static let maximumSize = 64 * 1024

  /// Finds the end of the header section, the first `CRLF CRLF`.
  ///
  /// - Parameter bytes: The bytes received so far.
  /// - Returns: The index just past the blank line, or `nil` if it has not arrived yet.
  static func endOfHead(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
      && bytes[index + 3] == 10
    {
      return index + 4
    }
    return nil
  }

  /// Parses a header section, including its final blank line.
  ///
  /// - Parameter bytes: The bytes of the request line and headers.
  /// - Returns: The parsed head.
  /// - Throws: ``Failure`` when the head is malformed.
  static func parse(_ bytes: ArraySlice<UInt8>) throws(Failure) -> HTTPRequestHead {
    // `String(validating:as:)` needs macOS 15 or iOS 18: decoding repairs invalid UTF-8 with
    // U+FFFD, so the bytes come back unchanged exactly when they were valid.
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.elementsEqual(bytes) else {
      throw .badRequest("the request head is not UTF-8")
    }
    var lines = text.components(separatedBy: "\r\n")
    while lines.last == "" { lines.removeLast() }
    guard let requestLine = lines.first, !requestLine.isEmpty else {
      throw .badRequest("empty request line")
    }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3 else { throw .badRequest("the request line needs three parts") }
    let method = String(parts[0])
    let target = String(parts[1])
    let version = String(parts[2])
    guard !method.isEmpty, method.unicodeScalars.allSatisfy(isTokenCharacter) else {
      throw .badRequest("invalid method")
    }
    guard version.hasPrefix("HTTP/") else { throw .badRequest("invalid version") }
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .unsupportedVersion }
    guard let path = originForm(of: target) else { throw .badRequest("invalid request target") }

    var headers: [ReplayHeader] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else {
        throw .badRequest("a header line has no colon")
      }
      let name = String(line[..<colon])
      guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else {
        throw .badRequest("invalid header name")
      }
      let value = line[line.index(after: colon)...].trimmingASCIIWhitespace()
      headers.append(ReplayHeader(name, value))
    }
    return HTTPRequestHead(method: method, target: path, version: version, headers: headers)
  }

  /// The declared body length.
  ///
  /// - Returns: The `Content-Length`, 0 without one.
  /// - Throws: ``Failure/badRequest(_:)`` for a malformed or conflicting length, or any
  ///   `Transfer-Encoding`, which this server does not accept in requests.
  func bodyLength() throws(Failure) -> Int {
    if headers.value(named: "Transfer-Encoding") != nil {
      throw .badRequest("Transfer-Encoding in requests is not supported")
    }
    let lengths = Set(headers.values(named: "Content-Length"))
    guard let length = lengths.first else { return 0 }
    guard lengths.count == 1, let value = Int(length), value >= 0 else {
      throw .badRequest("invalid Content-Length")
    }
    return value
  }

  /// Reduces a request target to origin form (`/path?query`).
  ///
  /// Accepts origin form as is and the absolute form (`http://host/path`) by dropping the
  /// scheme and authority. Rejects anything else and any control character or space.
  private static func originForm(of target: String) -> String? {
    guard !target.isEmpty,
      target.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
    else { return nil }
    if target.hasPrefix("/") { return target }
    for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
      let rest = target.dropFirst(scheme.count)
      guard let slash = rest.firstIndex(of: "/") else { return "/" }
      return String(rest[slash...])
    }
    return nil
  }

  private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9": true
    case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": true
    default: false
    }
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  fileprivate func trimmingASCIIWhitespace() -> String {
    var slice = self[...]
    while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
    return String(slice)
  }
}
