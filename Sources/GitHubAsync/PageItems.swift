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
/// ```
public enum PageItems: Sendable, Hashable {
  /// The body is the array of items.
  case array
  /// The body is an object whose member with this name is the array of items.
  case key(String)
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
    }
  }
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
