import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

@Suite("GitHubClient: paginate any endpoint")
struct GitHubPaginateTests {
  typealias Paths = ReplayScenario.GitHubPaths

  @Test("page numbers, recorded: all 5 pages, next on /repositories/{id}, token on each")
  func pageNumbersAsync() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = anyEndpointClient(server, token: "paginate-token")

    var numbers: [Int] = []
    for try await issue in client.paginate(
      JSONValue.self, path: Paths.paginatedIssues, query: ["per_page": "3"])
    {
      if case .int(let number)? = issue["number"] { numbers.append(number) }
    }

    #expect(numbers.count == 13)
    #expect(Set(numbers).count == 13)
    #expect(server.requests.map(\.target) == Self.issueTargets)
    #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer paginate-token" })
  }

  @Test("page numbers, recorded, Rx: one array per page, then completed")
  func pageNumbersRx() async throws {
    try await withLeakChecking {
      let server = try ReplayServer.start(scenario: .gitHub())
      defer { server.stop() }
      let observer = TestableObserver<[JSONValue]>()

      _ = anyEndpointClient(server, token: "paginate-token").rx
        .paginate(JSONValue.self, path: Paths.paginatedIssues, query: ["per_page": "3"])
        .subscribe(observer)

      #expect(await observer.waitForTermination(timeout: .seconds(60)))
      #expect(observer.elements.map(\.count) == [3, 3, 3, 3, 1])
      #expect(observer.events.last?.value.isCompleted == true)
      #expect(server.requests.map(\.target) == Self.issueTargets)
      #expect(
        server.requests.allSatisfy { $0.header("Authorization") == "Bearer paginate-token" })
    }
  }

  @Test("since: follows next, and rel=\"first\" as a URI template does not break the parser")
  func sinceBothStyles() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = anyEndpointClient(server)

    var logins: [String] = []
    for try await organization in client.paginate(
      JSONValue.self, path: Paths.organizations, query: ["per_page": "2"])
    {
      logins.append(organization["login"]?.stringValue ?? "?")
    }
    let observer = TestableObserver<[JSONValue]>()
    _ = client.rx.paginate(JSONValue.self, path: Paths.organizations, query: ["per_page": "2"])
      .subscribe(observer)
    #expect(await observer.waitForTermination(timeout: .seconds(60)))

    #expect(logins == ["octo-org", "mona-org", "hubot-org", "spoon-org", "knife-org"])
    #expect(
      Array(observer.elements.map { $0.map { $0["login"]?.stringValue ?? "?" } }.joined())
        == logins)
    #expect(observer.events.last?.value.isCompleted == true)
    let targets = [
      "/organizations?per_page=2", "/organizations?per_page=2&since=7",
      "/organizations?per_page=2&since=20",
    ]
    #expect(server.requests.map(\.target) == targets + targets)
  }

  @Test("cursor: the opaque cursor is sent exactly as linked, in both styles")
  func cursorBothStyles() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = anyEndpointClient(server)

    var ids: [JSONValue] = []
    for try await activity in client.paginate(
      JSONValue.self, path: Paths.repositoryActivity, query: ["per_page": "2"])
    {
      ids.append(activity["id"] ?? .null)
    }
    let observer = TestableObserver<[JSONValue]>()
    _ = client.rx.paginate(
      JSONValue.self, path: Paths.repositoryActivity, query: ["per_page": "2"]
    ).subscribe(observer)
    #expect(await observer.waitForTermination(timeout: .seconds(60)))

    expectEqual(ids.count, 5)
    expectEqual(observer.elements.map(\.count), [2, 2, 1])
    let targets = [
      Paths.repositoryActivity + "?per_page=2",
      Paths.repositoryActivity
        + "?per_page=2&cursor=Y3Vyc29yOnYyOpK0MjAyNC0wNS0wNVQwOTowMDowMFrOTUeWAQ%3D%3D",
      Paths.repositoryActivity
        + "?per_page=2&cursor=Y3Vyc29yOnYyOpK0MjAyNC0wNS0wM1QwOTowMDowMFrOTUeWBA%3D%3D",
    ]
    expectEqual(server.requests.map(\.target), targets + targets)
  }

  @Test("wrapped lists: .key(\"workflows\") and search's .key(\"items\"), in both styles")
  func wrappedLists() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = anyEndpointClient(server)

    var names: [String] = []
    for try await workflow in client.paginate(
      JSONValue.self, path: Paths.workflows, query: ["per_page": "2"], items: .key("workflows"))
    {
      names.append(workflow["name"]?.stringValue ?? "?")
    }
    let workflows = TestableObserver<[JSONValue]>()
    _ = client.rx.paginate(
      JSONValue.self, path: Paths.workflows, query: ["per_page": "2"], items: .key("workflows")
    ).subscribe(workflows)
    #expect(await workflows.waitForTermination(timeout: .seconds(60)))
    var repositories: [String] = []
    for try await repository in client.paginate(
      Repository.self, path: "/search/repositories", query: ["q": "swift", "per_page": "2"],
      items: .key("items"))
    {
      repositories.append(repository.fullName)
    }
    let search = TestableObserver<[Repository]>()
    _ = client.rx.paginate(
      Repository.self, path: "/search/repositories", query: ["q": "swift"], items: .key("items")
    ).subscribe(search)
    #expect(await search.waitForTermination(timeout: .seconds(60)))

    expectEqual(names, ["CI", "Linter", "Release"])
    expectEqual(workflows.elements.map(\.count), [2, 1])
    expectEqual(repositories.count, 5)
    expectEqual(search.elements.map(\.count), [2, 2, 1])
  }

  @Test("the wrong item location is a typed decoding error")
  func wrongItems() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = anyEndpointClient(server)

    var asyncError: GitHubError?
    do {
      for try await _ in client.paginate(
        JSONValue.self, path: Paths.workflows, query: ["per_page": "2"])
      {}
    } catch {
      asyncError = error
    }
    let observer = TestableObserver<[JSONValue]>()
    _ = client.rx.paginate(
      JSONValue.self, path: Paths.workflows, query: ["per_page": "2"], items: .key("jobs")
    )
    .subscribe(observer)
    #expect(await observer.waitForTermination(timeout: .seconds(60)))

    guard case .decodingFailed(let failure)? = asyncError else {
      Issue.record("expected decodingFailed, got \(String(describing: asyncError))")
      return
    }
    expectEqual(failure.status, 200)
    guard case .decodingFailed? = observer.events.last?.value.error as? GitHubError else {
      Issue.record("expected decodingFailed")
      return
    }
  }

  @Test("async: nothing is requested before the first element, page 2 only when needed")
  func lazyAsync() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let pages = anyEndpointClient(server).paginate(
      JSONValue.self, path: Paths.paginatedIssues, query: ["per_page": "3"])
    var iterator = pages.makeAsyncIterator()
    #expect(server.requests.isEmpty)

    for _ in 0..<3 { _ = try await iterator.next() }
    expectEqual(server.requests.count, 1)
    _ = try await iterator.next()
    expectEqual(server.requests.count, 2)
  }

  @Test("async: breaking out of the loop requests no further page")
  func earlyExitAsync() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    var count = 0
    for try await _ in anyEndpointClient(server).paginate(
      JSONValue.self, path: Paths.organizations, query: ["per_page": "2"])
    {
      count += 1
      if count == 2 { break }
    }
    expectEqual(server.requests.count, 1)
  }

  @Test("async: cancelling the task cancels the page in flight and requests nothing more")
  func cancelAsync() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    server.add(
      ReplayRoute(path: Paths.organizations, query: ["per_page": "2", "since": "7"], action: .hang))
    let client = anyEndpointClient(server)

    let task = Task { () -> (Int, GitHubError?) in
      var count = 0
      do throws(GitHubError) {
        for try await _ in client.paginate(
          JSONValue.self, path: Paths.organizations, query: ["per_page": "2"])
        {
          count += 1
        }
      } catch {
        return (count, error)
      }
      return (count, nil)
    }
    #expect(await server.waitForRequests(count: 2))
    task.cancel()
    let (count, error) = await task.value

    expectEqual(count, 2)
    expectEqual(error, .cancelled)
    #expect(await server.waitForAbandonedRequests())
    expectEqual(server.requests.count, 2)
  }

  @Test("Rx: page 2 is requested only after page 1 was delivered")
  func lazyRx() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let seen = _Mutex<[Int]>([])
    let observer = TestableObserver<[JSONValue]>()

    _ = anyEndpointClient(server).rx
      .paginate(JSONValue.self, path: Paths.organizations, query: ["per_page": "2"])
      .do(onNext: { _ in
        let count = server.requests.count
        seen.withLock { $0.append(count) }
      })
      .subscribe(observer)

    #expect(await observer.waitForTermination(timeout: .seconds(60)))
    #expect(seen.withLock { $0 } == [1, 2, 3])
  }

  @Test("Rx: take(2) disposes after page 2 and no page 3 is requested")
  func takeRx() async throws {
    try await withLeakChecking {
      let server = try ReplayServer.start(scenario: .gitHub())
      defer { server.stop() }
      let observer = TestableObserver<[JSONValue]>()

      _ = anyEndpointClient(server).rx
        .paginate(JSONValue.self, path: Paths.paginatedIssues, query: ["per_page": "3"])
        .take(2)
        .subscribe(observer)

      #expect(await observer.waitForTermination(timeout: .seconds(60)))
      expectEqual(observer.elements.map(\.count), [3, 3])
      expectEqual(server.requests.map(\.target), Array(Self.issueTargets.prefix(2)))
    }
  }

  @Test("Rx: disposing during page 2 cancels it; no event and no request follow")
  func disposeRx() async throws {
    try await withLeakChecking {
      let server = try ReplayServer.start(scenario: .gitHub())
      defer { server.stop() }
      server.add(
        ReplayRoute(
          path: Paths.organizations, query: ["per_page": "2", "since": "7"], action: .hang))
      let observer = TestableObserver<[JSONValue]>()

      let subscription = anyEndpointClient(server).rx
        .paginate(JSONValue.self, path: Paths.organizations, query: ["per_page": "2"])
        .subscribe(observer)
      #expect(await server.waitForRequests(count: 2))
      subscription.dispose()

      #expect(await server.waitForAbandonedRequests())
      expectEqual(server.abandonedRequests.first?.queryValue("since"), "7")
      expectEqual(observer.elements.count, 1)
      #expect(!observer.isTerminated)
      expectEqual(server.requests.count, 2)
    }
  }

  @Test(
    "a next link off the API is a typed error after the page, never followed",
    arguments: [
      "https://evil.example/organizations?since=7", "ftp://127.0.0.1/organizations",
      "SAME_HOST_OTHER_PORT", "SAME_ORIGIN_OUTSIDE_BASE_PATH", "SAME_ORIGIN_DOT_SEGMENTS",
    ])
  func offHostNext(target: String) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    let origin = server.baseURL.absoluteString
    let next =
      switch target {
      case "SAME_HOST_OTHER_PORT": "http://127.0.0.1:\(server.port == 1 ? 2 : 1)/api/v3/o?p=2"
      case "SAME_ORIGIN_OUTSIDE_BASE_PATH": origin + "/organizations?page=2"
      case "SAME_ORIGIN_DOT_SEGMENTS": origin + "/api/v3/../organizations?page=2"
      default: target
      }
    server.stub(
      "/api/v3/organizations",
      .respond(
        .json(
          #"[{"login":"a"},{"login":"b"}]"#,
          headers: [ReplayHeader("Link", "<\(next)>; rel=\"next\"")])))
    let client = GitHubClient(
      configuration: GitHubConfiguration(
        baseURL: server.baseURL.appendingPathComponent("api/v3"), token: GitHubToken("tok"),
        timeout: .seconds(60)))

    var count = 0
    var asyncError: GitHubError?
    do {
      for try await _ in client.paginate(JSONValue.self, path: "/organizations") { count += 1 }
    } catch {
      asyncError = error
    }
    let observer = TestableObserver<[JSONValue]>()
    _ = client.rx.paginate(JSONValue.self, path: "/organizations").subscribe(observer)
    #expect(await observer.waitForTermination(timeout: .seconds(60)))

    expectEqual(count, 2)
    guard case .invalidInput(let input)? = asyncError else {
      Issue.record("expected invalidInput, got \(String(describing: asyncError))")
      return
    }
    expectEqual(input.parameter, "next")
    expectEqual(observer.elements.map(\.count), [2])
    expectEqual(observer.events.last?.value.error as? GitHubError, asyncError)
    expectEqual(server.requests.map(\.path), ["/api/v3/organizations", "/api/v3/organizations"])
  }

  @Test("an error on page 2 arrives after page 1, typed, in both styles")
  func errorOnSecondPage() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    server.add(
      ReplayRoute(
        path: Paths.organizations, query: ["per_page": "2", "since": "7"],
        action: .respond(try ReplayFixture.rateLimitSecondary.response())))
    let client = anyEndpointClient(server)

    var count = 0
    var asyncError: GitHubError?
    do {
      for try await _ in client.paginate(
        JSONValue.self, path: Paths.organizations, query: ["per_page": "2"])
      {
        count += 1
      }
    } catch {
      asyncError = error
    }
    let observer = TestableObserver<[JSONValue]>()
    _ = client.rx.paginate(JSONValue.self, path: Paths.organizations, query: ["per_page": "2"])
      .subscribe(observer)
    #expect(await observer.waitForTermination(timeout: .seconds(60)))

    expectEqual(count, 2)
    guard case .rateLimited(let limit)? = asyncError else {
      Issue.record("expected rateLimited, got \(String(describing: asyncError))")
      return
    }
    expectEqual(limit.kind, .secondary)
    expectEqual(observer.elements.count, 1)
    expectEqual(observer.events.last?.value.error as? GitHubError, asyncError)
  }

  @Test("an invalid path fails the first element / the subscription without a request")
  func invalidPath() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = anyEndpointClient(server)

    var iterator = client.paginate(JSONValue.self, path: "//evil.example/x").makeAsyncIterator()
    await #expect(throws: GitHubError.self) { _ = try await iterator.next() }
    #expect(try await iterator.next() == nil)
    let observer = TestableObserver<[JSONValue]>()
    _ = client.rx.paginate(JSONValue.self, path: "/a/../b").subscribe(observer)
    #expect(await observer.waitForTermination(timeout: .seconds(60)))
    #expect(observer.events.last?.value.error != nil)
    #expect(server.requests.isEmpty)
  }

  static let issueTargets =
    [Paths.paginatedIssues + "?per_page=3"]
    + (2...5).map { "/repositories/515435940/issues?per_page=3&page=\($0)" }
}
