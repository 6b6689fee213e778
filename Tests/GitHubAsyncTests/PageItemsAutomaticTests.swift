import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

/// `PageItems.automatic`: an array, or the one array member of an object.
@Suite("GitHubClient: paginate with PageItems.automatic")
struct PageItemsAutomaticTests {
  typealias Paths = ReplayScenario.GitHubPaths

  @Test("an object with one array member is read as that list, in both styles")
  func wrappedList() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = anyEndpointClient(server)

    var names: [String] = []
    for try await workflow in client.paginate(
      JSONValue.self, path: Paths.workflows, query: ["per_page": "2"], items: .automatic)
    {
      names.append(workflow["name"]?.stringValue ?? "?")
    }
    let observer = TestableObserver<[JSONValue]>()
    _ = client.rx.paginate(
      JSONValue.self, path: Paths.workflows, query: ["per_page": "2"], items: .automatic
    ).subscribe(observer)
    #expect(await observer.waitForTermination(timeout: .seconds(60)))

    expectEqual(names, ["CI", "Linter", "Release"])
    expectEqual(observer.elements.map(\.count), [2, 1])
    // Search's {"total_count", "incomplete_results", "items"} has one array member too.
    var repositories: [String] = []
    for try await repository in client.paginate(
      Repository.self, path: "/search/repositories", query: ["q": "swift", "per_page": "2"],
      items: .automatic)
    {
      repositories.append(repository.fullName)
    }
    expectEqual(repositories.count, 5)
  }

  @Test("a page that is an array is the list")
  func array() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    var logins: [String] = []
    for try await organization in anyEndpointClient(server).paginate(
      JSONValue.self, path: Paths.organizations, query: ["per_page": "2"], items: .automatic)
    {
      logins.append(organization["login"]?.stringValue ?? "?")
    }
    expectEqual(logins.count, 5)
  }

  @Test(
    "an object with no array member or several is a decoding error naming them",
    arguments: [
      (#"{"total_count": 1, "id": 7, "nested": {"list": []}}"#, "no array member"),
      (#"{"runs": [1], "jobs": [2], "total_count": 2}"#, "2 array members (jobs, runs)"),
      (#"7"#, "expected Array"),
    ])
  func ambiguous(_ body: String, _ reason: String) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/things", .respond(.json(body)))
    let client = anyEndpointClient(server)

    var asyncError: GitHubError?
    do {
      for try await _ in client.paginate(JSONValue.self, path: "/things", items: .automatic) {}
    } catch {
      asyncError = error
    }
    let observer = TestableObserver<[JSONValue]>()
    _ = client.rx.paginate(JSONValue.self, path: "/things", items: .automatic).subscribe(observer)
    #expect(await observer.waitForTermination(timeout: .seconds(60)))

    for error in [asyncError, observer.events.last?.value.error as? GitHubError] {
      guard case .decodingFailed(let failure)? = error else {
        Issue.record("expected decodingFailed, got \(String(describing: error))")
        continue
      }
      #expect(failure.reason.contains(reason), "\(failure.reason)")
    }
    expectEqual(server.requests.count, 2)
  }
}
