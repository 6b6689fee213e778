/// A set of routes and a fallback answer: what a ``ReplayServer`` serves.
public struct ReplayScenario: Sendable {
  /// The routes, in the order they are added.
  public var routes: [ReplayRoute]
  /// The answer for requests no route matches.
  public var fallback: ReplayAction

  /// Creates a scenario.
  ///
  /// - Parameters:
  ///   - routes: The routes.
  ///   - fallback: The answer for requests no route matches.
  public init(routes: [ReplayRoute] = [], fallback: ReplayAction = .notFound) {
    self.routes = routes
    self.fallback = fallback
  }

  /// The paths the ``gitHub(searches:)`` scenario serves, for the demo and for tests.
  public enum GitHubPaths {
    /// A recorded repository, `octokit-fixture-org/hello-world`.
    public static let repository = "/repos/octokit-fixture-org/hello-world"
    /// The recorded old name of a renamed repository; answers 301.
    public static let renamedRepository =
      "/repos/octokit-fixture-org/tmp-scenario-rename-repository-20220719044033126-ukeod"
    /// The written three-page repository search.
    public static let searchRepositories = "/search/repositories"
    /// A recorded user, `sferik`.
    public static let user = "/users/sferik"
    /// A recorded bot user, `shipit[bot]`, as sent on the wire: brackets percent-encoded.
    public static let botUser = "/users/shipit%5Bbot%5D"
    /// Recorded events of `sferik/rails_admin`; answers 304 to its own `ETag`.
    public static let repositoryEvents = "/repos/sferik/rails_admin/events"
    /// A recorded missing repository, `pengwynn/octokit`; answers 404.
    public static let missingRepository = "/repos/pengwynn/octokit"
    /// A repository path that answers a written primary rate limit (403).
    public static let rateLimited = "/repos/replay/rate-limited"
    /// A repository path that answers a written secondary rate limit (429, `Retry-After`).
    public static let secondaryRateLimited = "/repos/replay/secondary-rate-limited"
    /// A repository path that answers a written permission error (403).
    public static let forbidden = "/repos/replay/forbidden"
    /// A repository path that answers the recorded 401 `Bad credentials`.
    public static let badCredentials = "/repos/replay/bad-credentials"
    /// A repository path that answers a written 500.
    public static let serverError = "/repos/replay/server-error"
    /// The first page of the recorded five-page issue list; later pages are at
    /// `/repositories/515435940/issues`.
    public static let paginatedIssues =
      "/repos/octokit-fixture-org/tmp-scenario-paginate-issues-20220719043836917-izyoe/issues"
    /// The written three-page organization list, paginated by `since`.
    public static let organizations = "/organizations"
    /// The written three-page repository activity, paginated by `cursor`.
    public static let repositoryActivity = "/repos/octo-org/octo-repo/activity"
    /// The written two-page wrapped workflow list.
    public static let workflows = "/repos/octo-org/octo-repo/actions/workflows"
  }

  /// How the ``gitHub(searches:)`` scenario answers repository searches.
  public enum SearchReplay: Sendable, Hashable {
    /// Every query gets the written pages of the search for `swift`: for tests of paging,
    /// typing and cancellation that need an answer whatever the text.
    case anyQuery
    /// A query in ``ReplayScenario/recordedSearchQueries`` gets its pages; any other query
    /// gets what GitHub answers for a search that finds nothing (`total_count` 0, no items).
    /// Nothing is shown for a query it does not match.
    case recordedQueriesOnly
  }

  /// The repository searches the bundled fixtures hold pages for, as the `q` parameter.
  public static let recordedSearchQueries = ["swift"]

  /// The GitHub scenario: every bundled fixture at its recorded path, plus a few aliases.
  ///
  /// - `GET /repos/octokit-fixture-org/hello-world`: a repository (recorded).
  /// - The renamed repository: 301 to `/repositories/515436299`, then 200 (recorded).
  /// - `GET /search/repositories`: three pages of two, two and one repositories, linked by
  ///   `Link` `rel="next"`, for any query or, with ``SearchReplay/recordedQueriesOnly``, only
  ///   for `q=swift` (any other query finds nothing); `page=11` answers 422 (written).
  /// - `GET /search/issues`: one page (recorded).
  /// - `GET /users/sferik`: a user (recorded); `GET /users/shipit%5Bbot%5D`: the bot user
  ///   `shipit[bot]` (recorded). Every other `/users/{name}` answers 404, so every other name
  ///   reads as available.
  /// - `GET /repos/sferik/rails_admin/events`: 30 events with an `ETag` and
  ///   `X-Poll-Interval` (recorded); with `If-None-Match` set to that `ETag`, 304 (written).
  /// - `GET /repos/pengwynn/octokit`: 404 (recorded).
  /// - `GET /repos/replay/{rate-limited, secondary-rate-limited, forbidden, bad-credentials,
  ///   server-error}`: the written error responses and the recorded 401, see ``GitHubPaths``.
  /// - Paginated lists, see ``GitHubPaths``: the recorded issues (page numbers, `next` on
  ///   another path), organizations (`since`), repository activity (`cursor`) and Actions
  ///   workflows (a wrapped list), each matched by its recorded query items.
  /// - Anything else: 404 `Not Found`, as written for a missing user.
  ///
  /// - Parameter searches: Whether any search query gets the written pages (the default), or
  ///   only the recorded ones.
  /// - Returns: The scenario.
  /// - Throws: ``ReplayServerError`` if a bundled fixture cannot be loaded.
  public static func gitHub(
    searches: SearchReplay = .anyQuery
  ) throws(ReplayServerError) -> ReplayScenario {
    var routes: [ReplayRoute] = []
    let served: [ReplayFixture] = [
      .repository, .renamedRepository, .validationFailed, .branchProtection, .searchIssues,
      .repositoryEvents, .user, .botUser, .repositoryNotFound, .searchRepositories,
      .searchBeyondLimit, .eventsNotModified, .paginateIssues, .organizationsSince,
      .repositoryActivityCursor, .actionsWorkflows,
    ]
    for fixture in served {
      routes += try fixture.interactions().map { $0.route() }
    }
    // The search pages are matched by `page` (and, for recorded queries only, by `q`), so
    // that the first page is served with or without `page=1`.
    routes.removeAll { $0.path == GitHubPaths.searchRepositories }
    let searchPages = try ReplayFixture.searchRepositories.interactions()
    switch searches {
    case .anyQuery:
      for (index, interaction) in searchPages.enumerated() {
        let query = index == 0 ? [:] : ["page": "\(index + 1)"]
        routes.append(
          ReplayRoute(
            path: GitHubPaths.searchRepositories, query: query,
            action: .respond(interaction.response)))
      }
    case .recordedQueriesOnly:
      // Any query, any page: nothing found. The recorded queries' routes are more specific.
      routes.append(
        ReplayRoute(
          path: GitHubPaths.searchRepositories,
          action: .respond(try ReplayFixture.searchRepositoriesEmpty.response())))
      for text in recordedSearchQueries {
        for (index, interaction) in searchPages.enumerated() {
          var query = ["q": text]
          if index > 0 { query["page"] = "\(index + 1)" }
          routes.append(
            ReplayRoute(
              path: GitHubPaths.searchRepositories, query: query,
              action: .respond(interaction.response)))
        }
      }
    }
    routes.append(
      ReplayRoute(
        path: GitHubPaths.searchRepositories, query: ["page": "11"],
        action: .respond(try ReplayFixture.searchBeyondLimit.response())))

    let aliases: [(String, ReplayFixture)] = [
      (GitHubPaths.rateLimited, .rateLimitPrimary),
      (GitHubPaths.secondaryRateLimited, .rateLimitSecondary),
      (GitHubPaths.forbidden, .forbidden),
      (GitHubPaths.badCredentials, .badCredentials),
      (GitHubPaths.serverError, .serverError),
    ]
    for (path, fixture) in aliases {
      routes.append(ReplayRoute(path: path, action: .respond(try fixture.response())))
    }
    return ReplayScenario(
      routes: routes, fallback: .respond(try ReplayFixture.userNotFound.response()))
  }
}
