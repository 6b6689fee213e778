import ObservableCore

/// The error that marble diagrams use for `#` and `^` unless a test passes its own.
public struct MarbleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Creates the error.
  public init() {}

  /// A description of the error.
  public var description: String { "marble error" }
}

/// A marble diagram parsed into events at virtual times.
///
/// The grammar, one character per tick of virtual time, starting at tick 0:
/// - `-`: a tick with no event.
/// - `|`: completion.
/// - `#` or `^`: an error.
/// - any other character: an element named by that character, such as `a` or `1`.
/// - `'name'`: an element with a longer name, such as `'42'`; the whole group is one tick.
/// - `[…]`: several events in the same tick, in order, such as `[ab|]`; the group is one tick.
/// - spaces are ignored, so diagrams can be aligned.
struct MarbleDiagram: Equatable {
  enum Token: Equatable {
    case value(String)
    case completed
    case error
  }

  struct Entry: Equatable {
    let time: TestTime
    let token: Token
  }

  /// The events, in order.
  var entries: [Entry] = []

  /// The number of ticks the diagram covers.
  var length: TestTime = 0

  /// A description of what is wrong with the diagram, if anything.
  var problem: String?

  /// Parses `text`; a malformed diagram keeps the events parsed so far and sets ``problem``.
  init(parsing text: String) {
    var characters = Array(text.filter { $0 != " " })[...]
    var tick: TestTime = 0
    var group: [Token]?
    while let character = characters.popFirst() {
      let token: Token?
      switch character {
      case "-":
        token = nil
      case "|":
        token = .completed
      case "#", "^":
        token = .error
      case "'":
        guard let end = characters.firstIndex(of: "'") else {
          problem = "unterminated quote in \"\(text)\""
          return
        }
        token = .value(String(characters[..<end]))
        characters = characters[characters.index(after: end)...]
      case "[":
        guard group == nil else {
          problem = "nested [ in \"\(text)\""
          return
        }
        group = []
        continue
      case "]":
        guard let grouped = group else {
          problem = "] without [ in \"\(text)\""
          return
        }
        entries += grouped.map { Entry(time: tick, token: $0) }
        group = nil
        tick += 1
        continue
      default:
        token = .value(String(character))
      }
      if group != nil {
        if let token { group?.append(token) }
        continue
      }
      if let token { entries.append(Entry(time: tick, token: token)) }
      tick += 1
    }
    if group != nil { problem = "unterminated [ in \"\(text)\"" }
    length = tick
  }

  /// Draws `events`, with times counted from `origin`, in this grammar.
  ///
  /// - Parameters:
  ///   - events: The events.
  ///   - origin: The time of tick 0.
  ///   - name: Names an element, or returns `nil` to show it as `'description'`.
  /// - Returns: The diagram.
  static func draw<Element>(
    _ events: [Recorded<Event<Element>>], origin: TestTime, name: (Element) -> String?
  ) -> String {
    var diagram = ""
    var tick = 0
    var index = events.startIndex
    while index < events.endIndex {
      let time = events[index].time - origin
      guard time >= 0 else {
        index += 1
        continue
      }
      diagram += String(repeating: "-", count: max(0, time - tick))
      var symbols: [String] = []
      while index < events.endIndex, events[index].time - origin == time {
        switch events[index].value {
        case .next(let element):
          let label = name(element) ?? String(describing: element)
          symbols.append(label.count == 1 ? label : "'\(label)'")
        case .completed:
          symbols.append("|")
        case .error:
          symbols.append("#")
        }
        index += 1
      }
      diagram += symbols.count == 1 ? symbols[0] : "[\(symbols.joined())]"
      tick = time + 1
    }
    return diagram
  }
}
