import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

@Suite("GitHubClient: search pagination")
struct GitHubPaginationTests {
  @Test("for try await over a 3-page search makes exactly 3 requests, following next links")
  func threePages() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = paginationClient(server)

    var names: [String] = []
    for try await repository in client.searchRepositories("swift", perPage: 2) {
      names.append(repository.fullName)
    }

    expectEqual(
      names,
      [
        "octocat/swift-hello-world", "octo-org/swift-async-widgets", "mona/swift-rx-playground",
        "hubot/swift-search-demo", "octocat/swift-spoon-knife",
      ])
    let requests = server.requests
    expectEqual(requests.count, 3)
    expectEqual(requests.map(\.path), Array(repeating: "/search/repositories", count: 3))
    // The first URL is built from the arguments; the others are the `Link` targets verbatim.
    expectEqual(requests[0].target, "/search/repositories?q=swift&per_page=2")
    expectEqual(requests[1].target, "/search/repositories?q=swift&per_page=2&page=2")
    expectEqual(requests[2].target, "/search/repositories?q=swift&per_page=2&page=3")
  }

  @Test("breaking after the first page makes exactly 1 request")
  func breakAfterFirstPage() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = paginationClient(server)

    var count = 0
    for try await _ in client.searchRepositories("swift", perPage: 2) {
      count += 1
      if count == 2 { break }
    }

    expectEqual(count, 2)
    expectEqual(server.requests.count, 1)
  }

  @Test("nothing is requested until the first element is asked for")
  func lazyStart() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = paginationClient(server)

    let search = client.searchRepositories("swift")
    var iterator = search.makeAsyncIterator()
    #expect(server.requests.isEmpty)
    _ = try await iterator.next()
    expectEqual(server.requests.count, 1)
  }

  @Test("the second page is requested only when the first is used up")
  func pageOnDemand() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    var iterator = paginationClient(server).searchRepositories("swift").makeAsyncIterator()

    _ = try await iterator.next()
    _ = try await iterator.next()
    expectEqual(server.requests.count, 1)
    _ = try await iterator.next()
    expectEqual(server.requests.count, 2)
  }

  @Test("an error on page 2 ends the iteration after page 1's items")
  func errorOnSecondPage() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    server.add(
      ReplayRoute(
        path: "/search/repositories", query: ["page": "2"],
        action: .respond(try ReplayFixture.serverError.response())))
    var names: [String] = []
    var thrown: GitHubError?

    do {
      for try await repository in paginationClient(server).searchRepositories("swift") {
        names.append(repository.fullName)
      }
    } catch {
      thrown = error
    }

    expectEqual(names.count, 2)
    expectEqual(thrown?.status, 500)
    expectEqual(server.requests.count, 2)
  }

  @Test("invalid arguments fail the first next() without a request")
  func invalidArguments() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = paginationClient(server)

    for (query, perPage) in [("", 30), ("   \n", 30), ("swift", 0), ("swift", 101)] {
      var iterator = client.searchRepositories(query, perPage: perPage).makeAsyncIterator()
      await #expect(throws: GitHubError.self) { _ = try await iterator.next() }
      // After an error the iterator is finished.
      #expect(try await iterator.next() == nil)
    }
    #expect(server.requests.isEmpty)
  }

  @Test("sort, order and per_page go into the first request's query")
  func queryParameters() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }

    _ = try await paginationClient(server).searchRepositoriesPage(
      "language:swift stars:>100", sort: .helpWantedIssues, order: .ascending, perPage: 100,
      page: 3)

    let request = try #require(server.requests.first)
    expectEqual(
      request.target,
      "/search/repositories?q=language%3Aswift%20stars%3A%3E100&sort=help-wanted-issues"
        + "&order=asc&per_page=100&page=3")
    expectEqual(request.queryValue("q"), "language:swift stars:>100")
  }

  @Test("a page past the 1,000th result is validationFailed")
  func beyondLimit() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }

    await #expect {
      _ = try await paginationClient(server).searchRepositoriesPage(
        "swift", perPage: 100, page: 11)
    } throws: { error in
      guard case .validationFailed(let failure) = error as? GitHubError else { return false }
      return failure.message == "Only the first 1000 search results are available"
    }
  }

  @Test("iteration stops at 1,000 results even if GitHub links further")
  func resultLimit() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(
      "/search/repositories",
      .handler { request in
        let page = Int(request.queryValue("page") ?? "1") ?? 1
        let items = (0..<100).map { index in
          #"{"id":\#(page * 1000 + index),"name":"r\#(index)","full_name":"o/r\#(index)"}"#
        }
        return .json(
          #"{"total_count":5000,"incomplete_results":false,"items":[\#(items.joined(separator: ","))]}"#,
          headers: [
            ReplayHeader(
              "Link",
              #"<https://api.github.com/search/repositories?q=x&per_page=100&page=\#(page + 1)>; rel="next""#
            )
          ])
      })

    var count = 0
    for try await _ in paginationClient(server).searchRepositories("x", perPage: 100) {
      count += 1
    }

    expectEqual(count, 1000)
    expectEqual(server.requests.count, 10)
  }

  @Test("a next link back to a fetched page or an empty page ends the iteration")
  func loopGuard() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    let selfLink = ReplayHeader(
      "Link", #"<https://api.github.com/search/repositories?q=x&per_page=30>; rel="next""#)
    server.stub(
      "/search/repositories",
      .respond(
        .json(
          #"{"total_count":1,"incomplete_results":false,"items":[{"id":1,"name":"a","full_name":"o/a"}]}"#,
          headers: [selfLink])))

    var count = 0
    for try await _ in paginationClient(server).searchRepositories("x") { count += 1 }
    expectEqual(count, 1)
    expectEqual(server.requests.count, 1)
  }

  @Test("a next link off the API is refused after its page, in both styles, as for paginate")
  func offHostNext() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(
      "/search/repositories",
      .respond(
        .json(
          #"{"total_count":9,"incomplete_results":false,"items":[{"id":1,"name":"a","full_name":"o/a"}]}"#,
          headers: [
            ReplayHeader("Link", #"<https://evil.example/search/repositories?page=2>; rel="next""#)
          ])))
    let client = paginationClient(server)

    var names: [String] = []
    var asyncError: GitHubError?
    do {
      for try await repository in client.searchRepositories("x") {
        names.append(repository.fullName)
      }
    } catch {
      asyncError = error
    }
    let observer = TestableObserver<SearchPage>()
    _ = client.rx.searchRepositories("x").subscribe(observer)
    #expect(await observer.waitForTermination(timeout: .seconds(60)))

    expectEqual(names, ["o/a"])
    guard case .invalidInput(let input)? = asyncError else {
      Issue.record("expected invalidInput, got \(String(describing: asyncError))")
      return
    }
    expectEqual(input.parameter, "next")
    expectEqual(observer.elements.map(\.items.count), [1])
    expectEqual(observer.events.last?.value.error as? GitHubError, asyncError)
    expectEqual(server.requests.count, 2)
  }

  @Test("Rx: emits each page, following next links, then completes")
  func rxPages() async throws {
    try await withLeakChecking {
      let server = try ReplayServer.start(scenario: .gitHub())
      defer { server.stop() }
      let observer = TestableObserver<SearchPage>()

      _ = paginationClient(server).rx.searchRepositories("swift", perPage: 2).subscribe(observer)

      #expect(await observer.waitForTermination(timeout: .seconds(60)))
      expectEqual(observer.elements.map(\.items.count), [2, 2, 1])
      expectEqual(observer.elements.map(\.totalCount), [5, 5, 5])
      expectEqual(observer.events.last?.value.isCompleted, true)
      #expect(observer.elements.last?.nextPage == nil)
      expectEqual(observer.elements.first?.rateLimit?.resource, "search")
      expectEqual(server.requests.count, 3)
    }
  }

  @Test("Rx: disposing during page 2 cancels it and requests no page 3")
  func rxDisposeMidway() async throws {
    try await withLeakChecking {
      let server = try ReplayServer.start(scenario: .gitHub())
      defer { server.stop() }
      server.add(ReplayRoute(path: "/search/repositories", query: ["page": "2"], action: .hang))
      let observer = TestableObserver<SearchPage>()

      let subscription = paginationClient(server).rx.searchRepositories("swift", perPage: 2)
        .subscribe(observer)
      #expect(await server.waitForRequests(count: 2))
      subscription.dispose()

      #expect(await server.waitForAbandonedRequests())
      expectEqual(server.abandonedRequests.first?.queryValue("page"), "2")
      expectEqual(observer.elements.count, 1)
      #expect(!observer.isTerminated)
      expectEqual(server.requests.count, 2)
    }
  }

  @Test("Rx: an error on page 2 arrives after page 1")
  func rxErrorOnSecondPage() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    server.add(
      ReplayRoute(
        path: "/search/repositories", query: ["page": "2"],
        action: .respond(try ReplayFixture.rateLimitSecondary.response())))
    let observer = TestableObserver<SearchPage>()

    _ = paginationClient(server).rx.searchRepositories("swift", perPage: 2).subscribe(observer)

    #expect(await observer.waitForTermination(timeout: .seconds(60)))
    expectEqual(observer.elements.count, 1)
    guard case .rateLimited(let limit) = observer.events.last?.value.error as? GitHubError else {
      Issue.record("expected a rate-limit error")
      return
    }
    expectEqual(limit.kind, .secondary)
  }

  @Test("async: cancelling the iterating task cancels the page request in flight")
  func cancelIteration() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    server.add(ReplayRoute(path: "/search/repositories", query: ["page": "2"], action: .hang))
    let client = paginationClient(server)

    let task = Task { () -> (Int, GitHubError?) in
      var count = 0
      do throws(GitHubError) {
        for try await _ in client.searchRepositories("swift", perPage: 2) { count += 1 }
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
  }

  @Test("a task cancelled before iterating makes no request")
  func cancelledBeforeStart() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = paginationClient(server)
    let gate = AsyncStream<Void>.makeStream()

    let task = Task { () -> GitHubError? in
      for await _ in gate.stream {}
      do throws(GitHubError) {
        for try await _ in client.searchRepositories("swift") {}
      } catch {
        return error
      }
      return nil
    }
    task.cancel()
    gate.continuation.finish()

    let error = await task.value
    expectEqual(error, .cancelled)
    #expect(server.requests.isEmpty)
  }
}

/// A request timeout far beyond any wait of the tests: on a loaded machine (the whole suite in
/// parallel with the stress tests) 60 s passed before a cancellation test disposed of a request
/// that the server holds open, and the observer saw URLError -1001 instead of nothing.
private func paginationClient(_ server: ReplayServer) -> GitHubClient {
  GitHubClient(
    configuration: GitHubConfiguration(baseURL: server.baseURL, token: nil, timeout: .seconds(600)))
}
