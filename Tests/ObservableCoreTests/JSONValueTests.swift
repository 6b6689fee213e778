import Foundation
import ObservableCore
import ObservableTesting
import TestProcessSupport
import Testing

@Suite("JSONValue")
struct JSONValueTests {
  @Test("decodes every kind of JSON value, keeping Booleans apart from numbers")
  func decodesEveryKind() throws {
    #expect(try decode("null") == .null)
    #expect(try decode("true") == .bool(true))
    #expect(try decode("false") == .bool(false))
    #expect(try decode("1") == .int(1))
    #expect(try decode("0") == .int(0))
    #expect(try decode("1.5") == .double(1.5))
    #expect(try decode("-2.5e3").doubleValue == -2500)
    #expect(try decode(#""a\"b\u00e9""#) == .string("a\"bé"))
    #expect(
      try decode(#"[1, "a", null, [], {}]"#)
        == .array([.int(1), .string("a"), .null, .array([]), .object([:])]))
    #expect(
      try decode(#"{"a": {"b": [true]}, "c": "d"}"#)
        == .object(["a": .object(["b": .array([.bool(true)])]), "c": .string("d")]))
  }

  @Test("the subscripts reach into objects and arrays, and return nil for any other shape")
  func subscripts() throws {
    let json = try decode(#"{"items": [{"name": "a"}, {"name": "b"}], "count": 2}"#)

    expectEqual(json["items"]?[1]?["name"]?.stringValue, "b")
    expectEqual(json["count"]?.intValue, 2)
    #expect(json["missing"] == nil)
    #expect(json["items"]?[2] == nil)
    #expect(json["items"]?[-1] == nil)
    #expect(json["items"]?["name"] == nil)
    #expect(json[0] == nil)
    #expect(json["count"]?["x"] == nil)
    #expect(json["count"]?[0] == nil)
  }

  @Test("the accessors return the value only for their own case")
  func accessors() {
    let all: [JSONValue] = [
      .null, .bool(true), .int(3), .string("s"), .array([.null]), .object(["k": .null]),
      .double(2.5),
    ]
    expectEqual(all.map(\.isNull), [true, false, false, false, false, false, false])
    expectEqual(all.map(\.boolValue), [nil, true, nil, nil, nil, nil, nil])
    expectEqual(all.map(\.doubleValue), [nil, nil, 3, nil, nil, nil, 2.5])
    expectEqual(all.map(\.intValue), [nil, nil, 3, nil, nil, nil, nil])
    expectEqual(all.map(\.stringValue), [nil, nil, nil, "s", nil, nil, nil])
    expectEqual(all.map(\.arrayValue), [nil, nil, nil, nil, [.null], nil, nil])
    expectEqual(all.map(\.objectValue), [nil, nil, nil, nil, nil, ["k": .null], nil])
  }

  @Test("intValue is nil for a number that is not a whole number Int represents exactly")
  func intValue() throws {
    #expect(JSONValue.double(1.5).intValue == nil)
    #expect(JSONValue.double(1e300).intValue == nil)
    #expect(JSONValue.double(.infinity).intValue == nil)
    #expect(JSONValue.double(.nan).intValue == nil)
    expectEqual(JSONValue.double(-42).intValue, -42)
    #expect(try decode("103703892").intValue == 103_703_892)
  }

  @Test("whole numbers beyond 2^53 are kept exactly")
  func largeIntegers() throws {
    let big = 9_007_199_254_740_993  // 2^53 + 1, which a Double cannot hold
    #expect(try decode("\(big)") == .int(big))
    #expect(try decode("\(big)").intValue == big)
  }

  @Test("encoding writes back JSON that decodes to the same value")
  func roundTrip() throws {
    let text = #"{"a": [1, 2.5, "x", true, null, {"b": []}], "id": 9007199254740993}"#
    let value = try decode(text)
    let encoded = try JSONEncoder().encode(value)
    #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == value)
  }

  @Test("values are Hashable and equal by content")
  func hashable() throws {
    let first = try decode(#"{"a": [1, 2], "b": null}"#)
    let second = try decode(#"{"b": null, "a": [1, 2]}"#)
    expectEqual(first, second)
    expectEqual(Set([first, second, .null]).count, 2)
  }

  @Test("input that is not JSON throws, never crashes", arguments: malformed)
  func malformedThrows(text: String) {
    #expect(throws: (any Error).self) { try decode(text) }
  }

  @Test("deep nesting throws, never overflows the stack")
  func deepNesting() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: (any Error).self) { try decode(deep) }
    let objects = String(repeating: #"{"a":"#, count: 100_000)
    #expect(throws: (any Error).self) { try decode(objects) }
    let shallow = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    var value = try decode(shallow)
    var depth = 0
    while let inner = value[0] {
      value = inner
      depth += 1
    }
    #expect(depth == 99)
  }

  @Test("random bytes throw or decode, never crash")
  func randomBytes() {
    var generator = SplitMix64(seed: 14)
    let alphabet = Array(#"{}[]",:0123456789.eE+-truefalsnl\"u  "#.utf8) + [0xC3, 0xA9, 0xFF, 0]
    for _ in 0..<2_000 {
      let count = Int(generator.next() % 40)
      let bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      _ = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }
  }
}

/// Texts that are not JSON.
private let malformed = [
  "", "{", "[1,", #"{"a"}"#, #"{"a": }"#, "tru", "nul", "01x", #""unterminated"#, "[1 2]",
  "{1: 2}", "NaN", "1e400", "\u{FF}",
]

private func decode(_ text: String) throws -> JSONValue {
  try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
}
