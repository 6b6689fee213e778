import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A key pressed in raw mode.
enum Key: Sendable, Equatable {
  /// Printable text.
  case text(String)
  /// Backspace or Delete: remove the last character.
  case backspace
  /// Ctrl-U: clear the line.
  case clearLine
  /// Escape, Ctrl-C or Ctrl-D, or the end of input.
  case quit
}

/// Turns the bytes of a raw-mode terminal into keys.
///
/// Escape sequences (arrow keys and the like) are skipped. A lone Escape is a key of its own:
/// one that arrives with nothing after it in the same read, and nothing within 50 ms.
struct KeyDecoder {
  private var pending: [UInt8] = []

  /// Decodes the bytes of one read.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - moreFollows: Asked when the bytes end with a lone Escape: whether more bytes arrive
  ///     soon, which would make it the start of an escape sequence.
  /// - Returns: The keys.
  mutating func decode(_ bytes: [UInt8], moreFollows: () -> Bool) -> [Key] {
    var keys: [Key] = []
    var text: [UInt8] = []
    func flushText() {
      if !text.isEmpty {
        keys.append(.text(String(decoding: text, as: UTF8.self)))
        text.removeAll()
      }
    }
    let input = pending + bytes
    pending = []
    var index = 0
    while index < input.count {
      let byte = input[index]
      switch byte {
      case 0x1B:
        flushText()
        if index + 1 < input.count {
          index = Self.skipEscapeSequence(input, from: index)
          continue
        }
        if moreFollows() {
          pending = [byte]
        } else {
          keys.append(.quit)
        }
      case 0x03, 0x04:
        flushText()
        keys.append(.quit)
      case 0x7F, 0x08:
        flushText()
        keys.append(.backspace)
      case 0x15:
        flushText()
        keys.append(.clearLine)
      case 0x00..<0x20:
        break  // other control keys, Enter and Tab included, do nothing
      default:
        text.append(byte)
      }
      index += 1
    }
    flushText()
    return keys
  }

  /// Returns the index after the escape sequence that starts at `start`.
  private static func skipEscapeSequence(_ input: [UInt8], from start: Int) -> Int {
    var index = start + 1
    let introducer = input[index]
    index += 1
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
      return index  // Alt plus a key
    }
    // Parameters, then one final byte from 0x40 to 0x7E.
    while index < input.count {
      let byte = input[index]
      index += 1
      if (0x40...0x7E).contains(byte) { break }
    }
    return index
  }
}

/// Reads keys from standard input on a thread of its own.
enum KeyReader {
  /// Starts reading.
  ///
  /// - Returns: The keys, ending after `.quit` or at the end of input.
  static func keys() -> AsyncStream<Key> {
    let (stream, continuation) = AsyncStream.makeStream(of: Key.self)
    let thread = Thread {
      var decoder = KeyDecoder()
      var buffer = [UInt8](repeating: 0, count: 256)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          continuation.yield(.quit)
          continuation.finish()
          return
        }
        let keys = decoder.decode(Array(buffer[0..<count])) { inputArrives(within: 50) }
        for key in keys {
          continuation.yield(key)
          if key == .quit {
            continuation.finish()
            return
          }
        }
      }
    }
    thread.name = "bridge-demo.keys"
    thread.start()
    return stream
  }

  private static func inputArrives(within milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, milliseconds) > 0
  }
}
