import Foundation
import ObservableCore

/// An event in a repository's activity feed, from `GET /repos/{owner}/{repo}/events`.
///
/// Event types GitHub adds later decode as ``EventType/unknown(_:)`` instead of failing, and
/// the `payload`, whose shape depends on the type, is kept as ``/ObservableCore/JSONValue``.
public struct Event: Sendable, Hashable, Identifiable, Decodable {
  /// The event ID.
  ///
  /// GitHub sends it as a string.
  public var id: String
  /// What happened.
  public var type: EventType
  /// Who did it.
  public var actor: Actor
  /// The repository it happened in.
  public var repo: EventRepository
  /// The organization, for events in an organization's repository.
  public var org: Actor?
  /// The type-specific details, such as `{"action": "started"}` for a ``EventType/watch``.
  public var payload: JSONValue
  /// Whether the event is public.
  public var isPublic: Bool
  /// When it happened.
  public var createdAt: Date?

  /// The account that caused an event, or the organization it belongs to.
  public struct Actor: Sendable, Hashable, Identifiable, Decodable {
    /// The numeric ID.
    public var id: Int
    /// The login.
    public var login: String
    /// The login as GitHub displays it.
    public var displayLogin: String?
    /// The avatar image.
    public var avatarURL: URL?

    private enum CodingKeys: String, CodingKey {
      case id, login
      case displayLogin = "display_login"
      case avatarURL = "avatar_url"
    }

    /// Decodes an actor.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` if `id` or `login` is missing.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      login = try container.decode(String.self, forKey: .login)
      displayLogin = try container.decodeIfPresent(String.self, forKey: .displayLogin)
      avatarURL = try container.decodeURLIfPresent(forKey: .avatarURL)
    }
  }

  /// The repository an event happened in.
  public struct EventRepository: Sendable, Hashable, Identifiable, Decodable {
    /// The numeric ID.
    public var id: Int
    /// The full name, such as `sferik/rails_admin`.
    public var name: String
  }

  private enum CodingKeys: String, CodingKey {
    case id, type, actor, repo, org, payload
    case isPublic = "public"
    case createdAt = "created_at"
  }

  /// Decodes an event.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` if `id`, `type`, `actor` or `repo` is missing.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let text = try? container.decode(String.self, forKey: .id) {
      id = text
    } else {
      id = String(try container.decode(Int.self, forKey: .id))
    }
    type = EventType(rawValue: try container.decode(String.self, forKey: .type))
    actor = try container.decode(Actor.self, forKey: .actor)
    repo = try container.decode(EventRepository.self, forKey: .repo)
    org = try container.decodeIfPresent(Actor.self, forKey: .org)
    payload = try container.decode(JSONValue.self, forKey: .payload, default: .null)
    isPublic = try container.decode(Bool.self, forKey: .isPublic, default: true)
    createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
  }
}

/// The type of a repository ``Event``, such as `WatchEvent`.
public enum EventType: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
  /// `CommitCommentEvent`.
  case commitComment
  /// `CreateEvent`: a branch or tag was created.
  case create
  /// `DeleteEvent`: a branch or tag was deleted.
  case delete
  /// `DiscussionEvent`.
  case discussion
  /// `ForkEvent`.
  case fork
  /// `GollumEvent`: wiki pages changed.
  case gollum
  /// `IssueCommentEvent`.
  case issueComment
  /// `IssuesEvent`.
  case issues
  /// `MemberEvent`.
  case member
  /// `PublicEvent`: the repository was made public.
  case `public`
  /// `PullRequestEvent`.
  case pullRequest
  /// `PullRequestReviewEvent`.
  case pullRequestReview
  /// `PullRequestReviewCommentEvent`.
  case pullRequestReviewComment
  /// `PullRequestReviewThreadEvent`.
  case pullRequestReviewThread
  /// `PushEvent`.
  case push
  /// `ReleaseEvent`.
  case release
  /// `SponsorshipEvent`.
  case sponsorship
  /// `WatchEvent`: someone starred the repository.
  case watch
  /// A type this client does not know, with GitHub's name for it.
  case unknown(String)

  /// Reads GitHub's type name; any name not listed becomes ``unknown(_:)``.
  ///
  /// - Parameter rawValue: The name, such as `WatchEvent`.
  public init(rawValue: String) {
    switch rawValue {
    case "CommitCommentEvent": self = .commitComment
    case "CreateEvent": self = .create
    case "DeleteEvent": self = .delete
    case "DiscussionEvent": self = .discussion
    case "ForkEvent": self = .fork
    case "GollumEvent": self = .gollum
    case "IssueCommentEvent": self = .issueComment
    case "IssuesEvent": self = .issues
    case "MemberEvent": self = .member
    case "PublicEvent": self = .public
    case "PullRequestEvent": self = .pullRequest
    case "PullRequestReviewEvent": self = .pullRequestReview
    case "PullRequestReviewCommentEvent": self = .pullRequestReviewComment
    case "PullRequestReviewThreadEvent": self = .pullRequestReviewThread
    case "PushEvent": self = .push
    case "ReleaseEvent": self = .release
    case "SponsorshipEvent": self = .sponsorship
    case "WatchEvent": self = .watch
    default: self = .unknown(rawValue)
    }
  }

  /// GitHub's type name, such as `WatchEvent`.
  public var rawValue: String {
    switch self {
    case .commitComment: "CommitCommentEvent"
    case .create: "CreateEvent"
    case .delete: "DeleteEvent"
    case .discussion: "DiscussionEvent"
    case .fork: "ForkEvent"
    case .gollum: "GollumEvent"
    case .issueComment: "IssueCommentEvent"
    case .issues: "IssuesEvent"
    case .member: "MemberEvent"
    case .public: "PublicEvent"
    case .pullRequest: "PullRequestEvent"
    case .pullRequestReview: "PullRequestReviewEvent"
    case .pullRequestReviewComment: "PullRequestReviewCommentEvent"
    case .pullRequestReviewThread: "PullRequestReviewThreadEvent"
    case .push: "PushEvent"
    case .release: "ReleaseEvent"
    case .sponsorship: "SponsorshipEvent"
    case .watch: "WatchEvent"
    case .unknown(let name): name
    }
  }

  /// The same as ``rawValue``.
  public var description: String { rawValue }
}

/// Another name for ``Event``, the GitHub repository event.
///
/// `ObservableCore` also has a type named `Event` (the Rx notification), so code that imports
/// both modules can't write `Event` unqualified. Write `RepositoryEvent`, or
/// `GitHubAsync.Event`.
public typealias RepositoryEvent = Event
