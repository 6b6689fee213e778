import Foundation

/// A GitHub account: a user or an organization, as returned by `GET /users/{username}` and as
/// the owner of a repository.
///
/// Decoding is tolerant: apart from `login` and `id`, every field may be missing or `null`
/// (the short owner objects in other responses carry only a few of them).
public struct User: Sendable, Hashable, Identifiable, Decodable {
  /// The numeric ID.
  public var id: Int
  /// The login, such as `octocat`.
  public var login: String
  /// The GraphQL node ID.
  public var nodeID: String?
  /// `User`, `Organization` or `Bot`.
  public var type: String?
  /// The avatar image.
  public var avatarURL: URL?
  /// The profile page.
  public var htmlURL: URL?
  /// Whether the account is a GitHub staff administrator.
  public var isSiteAdmin: Bool
  /// The display name.
  public var name: String?
  /// The company.
  public var company: String?
  /// The blog or website, as entered.
  public var blog: String?
  /// The location.
  public var location: String?
  /// The public email address.
  public var email: String?
  /// The biography.
  public var bio: String?
  /// The number of public repositories.
  public var publicRepos: Int?
  /// The number of followers.
  public var followers: Int?
  /// The number of accounts followed.
  public var following: Int?
  /// When the account was created.
  public var createdAt: Date?
  /// When the profile was last updated.
  public var updatedAt: Date?

  private enum CodingKeys: String, CodingKey {
    case id, login, type, name, company, blog, location, email, bio, followers, following
    case nodeID = "node_id"
    case avatarURL = "avatar_url"
    case htmlURL = "html_url"
    case isSiteAdmin = "site_admin"
    case publicRepos = "public_repos"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
  }

  /// Decodes an account from GitHub's JSON.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` if `id` or `login` is missing or a field has the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    login = try container.decode(String.self, forKey: .login)
    nodeID = try container.decodeIfPresent(String.self, forKey: .nodeID)
    type = try container.decodeIfPresent(String.self, forKey: .type)
    avatarURL = try container.decodeURLIfPresent(forKey: .avatarURL)
    htmlURL = try container.decodeURLIfPresent(forKey: .htmlURL)
    isSiteAdmin = try container.decode(Bool.self, forKey: .isSiteAdmin, default: false)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    company = try container.decodeIfPresent(String.self, forKey: .company)
    blog = try container.decodeIfPresent(String.self, forKey: .blog)
    location = try container.decodeIfPresent(String.self, forKey: .location)
    email = try container.decodeIfPresent(String.self, forKey: .email)
    bio = try container.decodeIfPresent(String.self, forKey: .bio)
    publicRepos = try container.decodeIfPresent(Int.self, forKey: .publicRepos)
    followers = try container.decodeIfPresent(Int.self, forKey: .followers)
    following = try container.decodeIfPresent(Int.self, forKey: .following)
    createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
    updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
  }
}
