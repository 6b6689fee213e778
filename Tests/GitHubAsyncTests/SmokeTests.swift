import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import Testing

@Suite("Smoke")
struct SmokeTests {
  @Test func scenario() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = GitHubClient(configuration: .init(baseURL: server.baseURL, token: GitHubToken("abc"), timeout: .seconds(1)))
    let repo = try await client.repository(owner: "octokit-fixture-org", name: "hello-world")
    print(repo.fullName, repo.createdAt as Any, repo.owner?.login as Any)
    var names: [String] = []
    for try await r in client.searchRepositories("swift") { names.append(r.fullName) }
    print(names)
    let u = try await client.user("sferik")
    print(u.login, u.createdAt as Any)
    let e1 = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")
    let e2 = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")
    print(e1.events.count, e1.pollInterval as Any, e1.isNotModified, e2.events.count, e2.isNotModified)
    print(try await client.isUsernameAvailable("sferik"), try await client.isUsernameAvailable("free-name"))
    do { _ = try await client.repository(owner: "replay", name: "rate-limited") } catch { print(error) }
    do { _ = try await client.repository(owner: "replay", name: "secondary-rate-limited") } catch { print(error) }
    do { _ = try await client.repository(owner: "replay", name: "forbidden") } catch { print(error) }
    do { _ = try await client.repository(owner: "replay", name: "bad-credentials") } catch { print(error) }
    do { _ = try await client.repository(owner: "replay", name: "server-error") } catch { print(error) }
    do { _ = try await client.searchRepositoriesPage("swift", perPage: 100, page: 11) } catch { print(error) }
    let renamed = try await client.repository(owner: "octokit-fixture-org", name: "tmp-scenario-rename-repository-20220719044033126-ukeod")
    print(renamed.fullName)
    for r in server.requests { print(r.target, r.header("If-None-Match") ?? "-") }
    print(client.rateLimit as Any)
  }
}
