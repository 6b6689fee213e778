/// A JSON document as a `Sendable` value: what `URLSession.rx.json(request:)` delivers where
/// RxCocoa delivers `Any`.
///
/// RxCocoa's `json(request:)` hands over the `Any` that `JSONSerialization` returns, which code
/// then casts (`json as? [String: Any]`). `Any` cannot cross threads in Swift 6, so here the
/// document is this enum: switch over it, or reach into it with the subscripts and the typed
/// accessors, which return `nil` when the value has another shape.
///
/// ```swift
/// session.rx.json(url: searchURL)
///   .map { json -> [String] in
///     (json["items"]?.arrayValue ?? []).compactMap { $0["full_name"]?.stringValue }
///   }
/// ```
///
/// Numbers are stored as `Double`, as `JSONSerialization` reads most of them; integers beyond
/// ±2⁵³ lose precision. For typed models, decode them directly with
/// `json(_:request:decoder:)`.
public enum JSONValue: Sendable, Equatable, Hashable, Decodable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object. Of repeated keys, the decoder keeps one.
  case object([String: JSONValue])

  /// Decodes any JSON value.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` if the value is not JSON (a decoder other than
  ///   `JSONDecoder` may offer values no case holds).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else if let value = try? container.decode([String: JSONValue].self) {
      self = .object(value)
    } else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "The value is not a JSON value.")
    }
  }

  /// The member named `key` of an object; `nil` if there is none or this is not an object.
  ///
  /// - Parameter key: The member's name.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  /// The element at `index` of an array; `nil` if the index is out of range or this is not an
  /// array.
  ///
  /// - Parameter index: The element's position.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// Whether this is `null`.
  public var isNull: Bool { self == .null }

  /// The Boolean, or `nil` if this is not `true` or `false`.
  public var boolValue: Bool? {
    guard case .bool(let value) = self else { return nil }
    return value
  }

  /// The number, or `nil` if this is not a number.
  public var doubleValue: Double? {
    guard case .number(let value) = self else { return nil }
    return value
  }

  /// The number as an `Int`, or `nil` if this is not a number or the number is not a whole
  /// number that `Int` represents exactly.
  public var intValue: Int? {
    guard case .number(let value) = self else { return nil }
    return Int(exactly: value)
  }

  /// The string, or `nil` if this is not a string.
  public var stringValue: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }

  /// The elements, or `nil` if this is not an array.
  public var arrayValue: [JSONValue]? {
    guard case .array(let value) = self else { return nil }
    return value
  }

  /// The members, or `nil` if this is not an object.
  public var objectValue: [String: JSONValue]? {
    guard case .object(let value) = self else { return nil }
    return value
  }
}
