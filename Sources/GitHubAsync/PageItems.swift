import Foundation

/// Where a paginated endpoint's response keeps its items.
///
/// Most list endpoints answer with a JSON array; some wrap the list in an object, such as
/// search (`{"total_count": …, "items": […]}`) or the Actions endpoints
/// (`{"total_count": …, "workflows": […]}`).
///
/// ```swift
/// client.paginate(Repository.self, path: "/orgs/apple/repos")                      // .array
/// client.paginate(JSONValue.self, path: "/repos/o/r/actions/workflows", items: .key("workflows"))
/// client.paginate(JSONValue.self, path: "/repos/o/r/actions/runs", items: .automatic)
/// ```
public enum PageItems: Sendable, Hashable {
  /// The body is the array of items.
  case array
  /// The body is an object whose member with this name is the array of items.
  case key(String)
  /// The body is the array of items, or an object with exactly one member whose value is an
  /// array, which holds the items, as in `{"total_count": 2, "workflows": […]}` (Actions'
  /// workflows, runs, artifacts and secrets, an app's installations, ...).
  ///
  /// An object with no array member, or with several (which one is the list is then
  /// ambiguous), fails with ``GitHubError/decodingFailed(_:)``, whose reason names the array
  /// members; use ``key(_:)`` for it.
  case automatic
}

extension PageItems {
  /// Decodes one page's items.
  func decode<Element: Decodable>(
    _ type: Element.Type, from exchange: Exchange, client: GitHubClient
  ) throws(GitHubError) -> [Element] {
    switch self {
    case .array:
      return try client.decode([Element].self, from: exchange)
    case .key(let key):
      return try client.decode(KeyedItems<Element>.self, from: exchange, itemsKey: key).items
    case .automatic:
      return try client.decode(AutomaticItems<Element>.self, from: exchange).items
    }
  }
}

/// A JSON array of items, or an object with exactly one array member holding them.
struct AutomaticItems<Element: Decodable>: Decodable {
  var items: [Element]

  init(from decoder: any Decoder) throws {
    guard let container = try? decoder.container(keyedBy: AnyMemberKey.self) else {
      items = try [Element](from: decoder)
      return
    }
    let lists = container.allKeys.filter { key in
      (try? container.nestedUnkeyedContainer(forKey: key)) != nil
    }
    guard lists.count == 1, let key = lists.first else {
      throw ItemsListNotFound(arrayMembers: lists.map(\.stringValue).sorted())
    }
    items = try container.decode([Element].self, forKey: key)
  }
}

/// Why a page decoded with ``PageItems/automatic`` has no list: an object with no array
/// member, or with several.
struct ItemsListNotFound: Error {
  /// The names of the object's members that are arrays, sorted.
  var arrayMembers: [String]

  /// The reason, for ``DecodingFailure/reason``.
  var reason: String {
    switch arrayMembers.count {
    case 0:
      "an object with no array member at the top level"
    default:
      "an object with \(arrayMembers.count) array members ("
        + arrayMembers.joined(separator: ", ") + ") at the top level"
    }
  }
}

/// Any member name of a JSON object.
struct AnyMemberKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// `{"<key>": [items]}`, with the key taken from the decoder's `userInfo`.
struct KeyedItems<Element: Decodable>: Decodable {
  var items: [Element]

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    let name = ItemsKey.userInfoKey.flatMap { decoder.userInfo[$0] as? String } ?? "items"
    let container = try decoder.container(keyedBy: Key.self)
    items = try container.decode([Element].self, forKey: Key(stringValue: name))
  }
}

/// The decoder `userInfo` key under which ``KeyedItems`` finds the member name.
enum ItemsKey {
  static let userInfoKey = CodingUserInfoKey(rawValue: "GitHubAsync.itemsKey")
}
