import Foundation

/// The GitHub fixtures bundled with the replay server.
///
/// Files under `recorded/` are unmodified copies of real api.github.com traffic from
/// octokit/fixtures and octokit.rb (MIT). Files under `written/` were written for this project
/// where no recording exists: repository search, a `304`, rate limits, a plain `403`, a `500`
/// and a missing user. The `README.md` in the fixtures folder lists each file's origin.
///
/// ```swift
/// let rateLimited = try ReplayFixture.rateLimitPrimary.response()
/// server.add(ReplayRoute(path: "/repos/octocat/hello-world", action: .respond(rateLimited)))
/// ```
public enum ReplayFixture: String, Sendable, CaseIterable {
  /// Recorded: `GET /repos/octokit-fixture-org/hello-world` → 200 with `ETag`, `Last-Modified`
  /// and rate-limit headers.
  case repository = "recorded/octokit/get-repository/raw-fixture.json"
  /// Recorded: a renamed repository. `GET` of the old name → 301 to `/repositories/{id}`, then
  /// 200 there (plus the recorder's `PATCH` calls and a 307).
  case renamedRepository = "recorded/octokit/rename-repository/raw-fixture.json"
  /// Recorded: `POST …/labels` → 422 `Validation Failed` with `errors[]`.
  case validationFailed = "recorded/octokit/errors/raw-fixture.json"
  /// Recorded: branch protection calls; a 404 and a 204 whose `Link` has
  /// `rel="deprecation"; type="text/html"`.
  case branchProtection = "recorded/octokit/branch-protection/raw-fixture.json"
  /// Recorded: `GET /search/issues` → 200, the search envelope with `X-RateLimit-Resource:
  /// search`.
  case searchIssues = "recorded/octokit/search-issues/raw-fixture.json"
  /// Recorded: `GET /repos/sferik/rails_admin/events` → 200 with 30 events, a weak `ETag`,
  /// `X-Poll-Interval: 60` and a `Link` to `/repositories/810796/events?page=2`.
  case repositoryEvents = "recorded/octokit-rb/returns_events_for_a_repository.json"
  /// Recorded: `GET /users/sferik` → 200 (a 2013 user object).
  case user = "recorded/octokit-rb/returns_a_user.json"
  /// Recorded: `GET /users/shipit%5Bbot%5D` → 200, the GitHub App bot `shipit[bot]`
  /// (`"type": "Bot"`), a login with brackets, percent-encoded in the path.
  case botUser = "recorded/octokit-rb/handle_bot_users.json"
  /// Recorded: `GET /repos/pengwynn/octokit` → 404 `{"message":"Not Found"}`.
  case repositoryNotFound =
    "recorded/octokit-rb/returns_false_if_the_repository_doesn_t_exist.json"
  /// Recorded: a `POST` → 401 `{"message":"Bad credentials"}`.
  case badCredentials = "recorded/octokit-rb/updates_the_review_summary_comment_with_new_text.json"
  /// Recorded: `GET …/issues?per_page=3`, then pages 2 to 5 at `/repositories/515435940/issues`
  /// (page-number `Link`s on another path than the first request).
  case paginateIssues = "recorded/octokit/paginate-issues/raw-fixture.json"
  /// Written: `GET /organizations?per_page=2`, three pages (2, 2 and 1) linked by `since`, with
  /// `rel="first"` as the URI template `{?since}`.
  case organizationsSince = "written/organizations-since.json"
  /// Written: `GET /repos/octo-org/octo-repo/activity?per_page=2`, three pages (2, 2 and 1)
  /// linked by `cursor`, with only `next` and `prev` links.
  case repositoryActivityCursor = "written/repository-activity-cursor.json"
  /// Written: `GET /repos/octo-org/octo-repo/actions/workflows?per_page=2`, two pages of the
  /// wrapped list `{"total_count": 3, "workflows": […]}`.
  case actionsWorkflows = "written/actions-workflows.json"
  /// Written: `GET /search/repositories?q=swift&per_page=2`, three pages (2, 2 and 1 items)
  /// linked by `Link` `rel="next"`.
  case searchRepositories = "written/search-repositories.json"
  /// Written: `GET /search/repositories?q=zzzznotthere&per_page=30`, a search that finds
  /// nothing: `{"total_count": 0, "incomplete_results": false, "items": []}`, no `Link`.
  case searchRepositoriesEmpty = "written/search-repositories-empty.json"
  /// Written: a search page past the 1,000th result → 422.
  case searchBeyondLimit = "written/search-repositories-beyond-1000.json"
  /// Written: the events request revalidated with `If-None-Match` → 304.
  case eventsNotModified = "written/repository-events-not-modified.json"
  /// Written: primary rate limit, 403 with `X-RateLimit-Remaining: 0`.
  case rateLimitPrimary = "written/rate-limit-primary.json"
  /// Written: primary rate limit, 429 with `X-RateLimit-Remaining: 0`.
  case rateLimitPrimary429 = "written/rate-limit-primary-429.json"
  /// Written: secondary rate limit, 429 with `Retry-After: 60`.
  case rateLimitSecondary = "written/rate-limit-secondary.json"
  /// Written: secondary rate limit, 403 with only the message saying so.
  case rateLimitSecondary403 = "written/rate-limit-secondary-403.json"
  /// Written: a plain permission error, 403 with requests remaining.
  case forbidden = "written/forbidden.json"
  /// Written: 500 `{"message":"Server Error"}`.
  case serverError = "written/server-error.json"
  /// Written: `GET /users/this-name-is-free` → 404, the answer for a free user name.
  case userNotFound = "written/user-not-found.json"

  /// Whether the file is a real recording rather than a written response.
  public var isRecording: Bool { rawValue.hasPrefix("recorded/") }

  /// The URL of the bundled fixtures folder.
  public static var directory: URL {
    let root = Bundle.module.resourceURL ?? Bundle.module.bundleURL
    return root.appendingPathComponent("Fixtures", isDirectory: true)
  }

  /// The URL of this fixture file.
  public var url: URL {
    Self.directory.appendingPathComponent(rawValue, isDirectory: false)
  }

  /// Loads the replayable interactions of this fixture.
  ///
  /// Recorder bookkeeping calls (octokit's `x-octokit-fixture-ignore` entries) are left out.
  ///
  /// - Returns: The interactions, in recorded order.
  /// - Throws: ``ReplayServerError/fixtureNotFound(_:)`` or
  ///   ``ReplayServerError/malformedFixture(_:reason:)``.
  public func interactions() throws(ReplayServerError) -> [ReplayInteraction] {
    try FixtureLoader.load(contentsOf: url, name: rawValue)
  }

  /// The response of one interaction.
  ///
  /// - Parameter status: The status of the interaction to pick; `nil` picks the first
  ///   interaction.
  /// - Returns: The response.
  /// - Throws: ``ReplayServerError/malformedFixture(_:reason:)`` if no interaction has that
  ///   status, or a loading error.
  public func response(status: Int? = nil) throws(ReplayServerError) -> ReplayResponse {
    let all = try interactions()
    guard let match = all.first(where: { status == nil || $0.response.status == status }) else {
      throw .malformedFixture(rawValue, reason: "no interaction with status \(status ?? 0)")
    }
    return match.response
  }
}
