/// A JSON document as a `Sendable` value.
///
/// It is what `URLSession.rx.json(request:)` (ObservableCocoa) delivers where RxCocoa delivers
/// `Any`, and what GitHubAsync uses for the parts of GitHub's responses whose shape varies,
/// such as an event's `payload`. `Any` cannot cross threads in Swift 6; this enum can. Switch
/// over it, or reach into it with the subscripts and the typed accessors, which return `nil`
/// when the value has another shape:
///
/// ```swift
/// let names = (json["items"]?.arrayValue ?? []).compactMap { $0["full_name"]?.stringValue }
/// if case .string(let action)? = event.payload["action"] { print(action) }
/// ```
///
/// Whole numbers that fit in `Int` are kept exactly (``int(_:)``), so identifiers beyond 2⁵³
/// survive; other numbers are ``double(_:)``. Encoding writes the same JSON back.
public enum JSONValue: Sendable, Hashable, Codable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number without a fraction or exponent that fits in `Int`.
  case int(Int)
  /// Any other number.
  case double(Double)
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
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
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

  /// Encodes the value as the JSON it was decoded from.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's error, such as `EncodingError.invalidValue` for a non-finite
  ///   ``double(_:)`` that `JSONEncoder` is not configured to write.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
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

  /// The number as a `Double`, or `nil` if this is not a number.
  ///
  /// A large ``int(_:)`` may round.
  public var doubleValue: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }

  /// The number as an `Int`, or `nil` if this is not a number or not a whole number that `Int`
  /// represents exactly.
  public var intValue: Int? {
    switch self {
    case .int(let value): value
    case .double(let value): Int(exactly: value)
    default: nil
    }
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
