import Foundation

/// One page of repository search results.
public struct SearchPage: Sendable, Hashable {
  /// How many repositories match in total.
  ///
  /// GitHub serves at most the first 1,000.
  public var totalCount: Int
  /// Whether GitHub's search timed out and the results may be incomplete.
  public var incompleteResults: Bool
  /// The repositories on this page.
  public var items: [Repository]
  /// The next page, from the `Link` header's `rel="next"`; `nil` on the last page.
  public var nextPage: URL?
  /// The rate-limit headers of the response (the `search` resource).
  public var rateLimit: RateLimit?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - totalCount: The total number of matches.
  ///   - incompleteResults: Whether the results may be incomplete.
  ///   - items: The repositories.
  ///   - nextPage: The next page's URL.
  ///   - rateLimit: The rate-limit headers.
  public init(
    totalCount: Int, incompleteResults: Bool, items: [Repository], nextPage: URL? = nil,
    rateLimit: RateLimit? = nil
  ) {
    self.totalCount = totalCount
    self.incompleteResults = incompleteResults
    self.items = items
    self.nextPage = nextPage
    self.rateLimit = rateLimit
  }
}

/// The body of a search response.
struct SearchEnvelope: Decodable {
  var totalCount: Int
  var incompleteResults: Bool
  var items: [Repository]

  private enum CodingKeys: String, CodingKey {
    case items
    case totalCount = "total_count"
    case incompleteResults = "incomplete_results"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    totalCount = try container.decode(Int.self, forKey: .totalCount, default: 0)
    incompleteResults = try container.decode(Bool.self, forKey: .incompleteResults, default: false)
    items = try container.decode([Repository].self, forKey: .items)
  }
}

/// A repository's recent events, with what is needed to poll for more.
public struct RepositoryEvents: Sendable, Hashable {
  /// The events, newest first.
  public var events: [Event]
  /// How long GitHub asks clients to wait before polling again (`X-Poll-Interval`).
  public var pollInterval: Duration?
  /// Whether GitHub answered `304 Not Modified` and ``events`` came from the cache.
  ///
  /// A 304 does not count against the rate limit.
  public var isNotModified: Bool
  /// The `ETag` the next request will send as `If-None-Match`.
  public var etag: String?
  /// The rate-limit headers of the response.
  public var rateLimit: RateLimit?

  /// Creates an events value.
  ///
  /// - Parameters:
  ///   - events: The events.
  ///   - pollInterval: The poll interval.
  ///   - isNotModified: Whether the events came from the cache after a 304.
  ///   - etag: The entity tag.
  ///   - rateLimit: The rate-limit headers.
  public init(
    events: [Event], pollInterval: Duration? = nil, isNotModified: Bool = false,
    etag: String? = nil, rateLimit: RateLimit? = nil
  ) {
    self.events = events
    self.pollInterval = pollInterval
    self.isNotModified = isNotModified
    self.etag = etag
    self.rateLimit = rateLimit
  }
}

/// How to sort repository search results.
///
/// Without one, GitHub sorts by best match.
public enum RepositorySearchSort: String, Sendable, Hashable, CaseIterable {
  /// By stars.
  case stars
  /// By forks.
  case forks
  /// By issues labelled `help-wanted`.
  case helpWantedIssues = "help-wanted-issues"
  /// By the last update.
  case updated
}

/// The direction of a sort.
public enum SearchOrder: String, Sendable, Hashable, CaseIterable {
  /// Smallest first (`asc`).
  case ascending = "asc"
  /// Largest first (`desc`), GitHub's default.
  case descending = "desc"
}
