import Foundation

/// A GitHub repository, as returned by `GET /repos/{owner}/{repo}` and in search results.
///
/// Decoding is tolerant: apart from `id`, `name` and `full_name`, every field may be missing
/// or `null`, and unknown fields are ignored.
public struct Repository: Sendable, Hashable, Identifiable, Decodable {
  /// The numeric ID.
  public var id: Int
  /// The GraphQL node ID.
  public var nodeID: String?
  /// The name without the owner, such as `swift`.
  public var name: String
  /// The name with the owner, such as `apple/swift`.
  public var fullName: String
  /// The owner: a user or an organization.
  public var owner: User?
  /// Whether the repository is private.
  public var isPrivate: Bool
  /// The web page.
  public var htmlURL: URL?
  /// The API URL.
  public var url: URL?
  /// The description.
  public var description: String?
  /// Whether the repository is a fork.
  public var isFork: Bool
  /// The homepage, as entered (often empty).
  public var homepage: String?
  /// The main language, as GitHub detected it.
  public var language: String?
  /// The number of stars.
  public var stargazersCount: Int
  /// The number of watchers (equal to stars in the REST API).
  public var watchersCount: Int
  /// The number of forks.
  public var forksCount: Int
  /// The number of open issues and pull requests.
  public var openIssuesCount: Int
  /// The default branch, such as `main`.
  public var defaultBranch: String?
  /// The topics.
  public var topics: [String]
  /// The license, if GitHub detected one.
  public var license: License?
  /// `public`, `private` or `internal`.
  public var visibility: String?
  /// Whether the repository is archived.
  public var isArchived: Bool
  /// The size in kilobytes.
  public var size: Int?
  /// When it was created.
  public var createdAt: Date?
  /// When it was last updated.
  public var updatedAt: Date?
  /// When it was last pushed to.
  public var pushedAt: Date?
  /// The search relevance score; only in search results.
  public var score: Double?

  /// A repository's license.
  public struct License: Sendable, Hashable, Decodable {
    /// The key, such as `mit`.
    public var key: String?
    /// The name, such as `MIT License`.
    public var name: String?
    /// The SPDX identifier, such as `MIT`.
    public var spdxID: String?

    private enum CodingKeys: String, CodingKey {
      case key, name
      case spdxID = "spdx_id"
    }
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, owner, description, homepage, language, topics, license, visibility, size
    case score, url
    case nodeID = "node_id"
    case fullName = "full_name"
    case isPrivate = "private"
    case htmlURL = "html_url"
    case isFork = "fork"
    case stargazersCount = "stargazers_count"
    case watchersCount = "watchers_count"
    case forksCount = "forks_count"
    case openIssuesCount = "open_issues_count"
    case defaultBranch = "default_branch"
    case isArchived = "archived"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case pushedAt = "pushed_at"
  }

  /// Decodes a repository from GitHub's JSON.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` if `id`, `name` or `full_name` is missing or a field has the
  ///   wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    nodeID = try container.decodeIfPresent(String.self, forKey: .nodeID)
    name = try container.decode(String.self, forKey: .name)
    fullName = try container.decode(String.self, forKey: .fullName)
    owner = try container.decodeIfPresent(User.self, forKey: .owner)
    isPrivate = try container.decode(Bool.self, forKey: .isPrivate, default: false)
    htmlURL = try container.decodeURLIfPresent(forKey: .htmlURL)
    url = try container.decodeURLIfPresent(forKey: .url)
    description = try container.decodeIfPresent(String.self, forKey: .description)
    isFork = try container.decode(Bool.self, forKey: .isFork, default: false)
    homepage = try container.decodeIfPresent(String.self, forKey: .homepage)
    language = try container.decodeIfPresent(String.self, forKey: .language)
    stargazersCount = try container.decode(Int.self, forKey: .stargazersCount, default: 0)
    watchersCount = try container.decode(Int.self, forKey: .watchersCount, default: 0)
    forksCount = try container.decode(Int.self, forKey: .forksCount, default: 0)
    openIssuesCount = try container.decode(Int.self, forKey: .openIssuesCount, default: 0)
    defaultBranch = try container.decodeIfPresent(String.self, forKey: .defaultBranch)
    topics = try container.decode([String].self, forKey: .topics, default: [])
    license = try container.decodeIfPresent(License.self, forKey: .license)
    visibility = try container.decodeIfPresent(String.self, forKey: .visibility)
    isArchived = try container.decode(Bool.self, forKey: .isArchived, default: false)
    size = try container.decodeIfPresent(Int.self, forKey: .size)
    createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
    updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
    pushedAt = try container.decodeIfPresent(Date.self, forKey: .pushedAt)
    score = try container.decodeIfPresent(Double.self, forKey: .score)
  }
}
