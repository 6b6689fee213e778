import ObservableTesting
import Testing

@testable import bridge_demo

@Suite("KeyDecoder")
struct KeyDecoderTests {
  private func decode(_ text: String, moreFollows: Bool = false) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(Array(text.utf8), moreFollows: { moreFollows })
  }

  @Test("turns printable bytes into text, UTF-8 included")
  func text() {
    expectEqual(decode("rx"), [.text("rx")])
    expectEqual(decode("café"), [.text("café")])
  }

  @Test("Backspace, Delete and Ctrl-U edit; Ctrl-C, Ctrl-D and Escape quit")
  func controlKeys() {
    #expect(decode("ab\u{7F}c\u{08}") == [.text("ab"), .backspace, .text("c"), .backspace])
    #expect(decode("ab\u{15}") == [.text("ab"), .clearLine])
    #expect(decode("a\u{03}") == [.text("a"), .quit])
    #expect(decode("\u{04}") == [.quit])
    #expect(decode("\u{1B}") == [.quit])
  }

  @Test("Enter, Tab and other control keys do nothing")
  func ignored() {
    expectEqual(decode("a\r\n\tb"), [.text("ab")])
  }

  @Test("arrow keys and other escape sequences are skipped")
  func escapeSequences() {
    #expect(decode("a\u{1B}[Db") == [.text("a"), .text("b")])
    #expect(decode("\u{1B}[1;5C\u{1B}OA") == [])
  }

  @Test("an Escape at the end of a read waits for the next read when more follows")
  func splitSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("x\u{1B}".utf8), moreFollows: { true }) == [.text("x")])
    #expect(decoder.decode(Array("[Ay".utf8), moreFollows: { false }) == [.text("y")])
  }
}

@Suite("ArgumentParser")
struct ArgumentParserTests {
  @Test("takes options with values in both spellings; the last one wins")
  func values() throws {
    var parser = ArgumentParser(["search", "--limit", "5", "swift", "--limit=7"])
    #expect(try parser.value("--limit") == "7")
    expectEqual(parser.leadingWord(), "search")
    expectEqual(parser.positional(), "swift")
    try parser.finish()
  }

  @Test("everything after -- is positional")
  func terminator() throws {
    var parser = ArgumentParser(["search", "--", "--json"])
    #expect(try parser.flag("--json") == false)
    expectEqual(parser.leadingWord(), "search")
    expectEqual(parser.positional(), "--json")
    try parser.finish()
  }

  @Test("leftovers are reported: the first unknown option, else the first extra argument")
  func leftovers() {
    var parser = ArgumentParser(["user", "a", "b", "--x=1"])
    _ = parser.leadingWord()
    _ = parser.positional()
    #expect(throws: ArgumentError("unknown option '--x'")) { try parser.finish() }
    let extra = ArgumentParser(["b"])
    #expect(throws: ArgumentError("unexpected argument 'b'")) { try extra.finish() }
  }

  @Test("an option followed by another option has no value")
  func missingValue() {
    var parser = ArgumentParser(["--limit", "--json"])
    #expect(throws: ArgumentError("--limit needs a value")) { try parser.value("--limit") }
  }

  @Test("the tour is the command when the arguments start with an option")
  func defaultCommand() throws {
    guard case .run(let invocation) = try Invocation.parse(["--only", "events"]),
      case .tour(let options) = invocation.command
    else {
      Issue.record("expected the tour")
      return
    }
    expectEqual(options.only, [.events])
  }
}

@Suite("Format")
struct FormatTests {
  @Test("a diagnostic stays one line: breaks, controls and bidi overrides become escapes")
  func oneLine() {
    #expect(Format.oneLine("a\nb\r\tc") == #"a\nb\r\tc"#)
    #expect(Format.oneLine("\u{1B}[31mred") == #"\u{1B}[31mred"#)
    #expect(Format.oneLine("x\u{85}y\u{2028}z\u{202E}") == #"x\u{85}y\u{2028}z\u{202E}"#)
    #expect(Format.oneLine("zoë 日本 🦀 👩‍💻") == "zoë 日本 🦀 👩‍💻")
  }

  @Test("counts have thousands separators")
  func counts() {
    expectEqual(Format.count(0), "0")
    expectEqual(Format.count(1210), "1,210")
    expectEqual(Format.count(1_234_567), "1,234,567")
    expectEqual(Format.count(-1500), "-1,500")
  }

  @Test("durations are milliseconds below a second, else seconds")
  func durations() {
    expectEqual(Format.duration(.milliseconds(14)), "14 ms")
    expectEqual(Format.duration(.milliseconds(1520)), "1.52 s")
  }
}
