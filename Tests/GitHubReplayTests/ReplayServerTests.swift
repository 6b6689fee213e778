import Foundation
import ObservableTesting
import Testing

@testable import GitHubReplay

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("ReplayServer")
struct ReplayServerTests {
  @Test("starts on 127.0.0.1 with an ephemeral port and serves a recorded response")
  func servesRecording() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    #expect(server.port != 0)
    expectEqual(server.baseURL.absoluteString, "http://127.0.0.1:\(server.port)")

    let (data, response) = try await fetch(server, "/repos/octokit-fixture-org/hello-world")

    expectEqual(response.statusCode, 200)
    expectEqual(response.value(forHTTPHeaderField: "etag")?.hasPrefix("\"b6bf7681"), true)
    expectEqual(response.value(forHTTPHeaderField: "X-RateLimit-Resource"), "core")
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    expectEqual(object["full_name"] as? String, "octokit-fixture-org/hello-world")
  }

  @Test("rewrites absolute api.github.com URLs in Link, Location and bodies")
  func rewritesURLs() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let base = server.baseURL.absoluteString

    let raw = try rawRequest(
      server, "GET /repos/sferik/rails_admin/events HTTP/1.1\r\nHost: x\r\n\r\n")
    let (moved, _) = try rawResponse(
      server,
      "GET \(ReplayScenario.GitHubPaths.renamedRepository) HTTP/1.1\r\nHost: x\r\n\r\n")

    #expect(raw.contains("Link: <\(base)/repositories/810796/events?page=2>; rel=\"next\""))
    #expect(raw.contains("\"url\":\"\(base)/users/"))
    #expect(!raw.contains("https://api.github.com"))
    #expect(moved.contains("Location: \(base)/repositories/515436299"))
  }

  @Test("sends repeated headers as separate lines and recomputes Content-Length")
  func repeatedHeaders() throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }

    let (head, body) = try rawResponse(
      server, "GET /repos/octokit-fixture-org/hello-world HTTP/1.1\r\nHost: x\r\n\r\n")

    let lines = head.components(separatedBy: "\r\n")
    #expect(lines.first == "HTTP/1.1 200 OK")
    #expect(lines.filter { $0.hasPrefix("Vary: ") }.count == 2)
    #expect(lines.contains("Content-Length: \(body.utf8.count)"))
    #expect(lines.contains("Connection: close"))
    #expect(!lines.contains { $0.lowercased().hasPrefix("transfer-encoding") })
  }

  @Test("logs method, path, query and headers of every request")
  func requestLog() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }

    var request = URLRequest(
      url: try #require(URL(string: "\(server.baseURL)/a%2Fb/c?q=x%20y+z&flag&n=1")))
    request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
    request.setValue("one", forHTTPHeaderField: "X-Test")
    _ = try? await URLSession.shared.data(for: request)

    let logged = try #require(server.requests.first)
    expectEqual(logged.method, "GET")
    expectEqual(logged.path, "/a%2Fb/c")
    expectEqual(logged.decodedPath, "/a/b/c")
    expectEqual(logged.query, "q=x%20y+z&flag&n=1")
    expectEqual(
      logged.queryItems,
      [
        .init(name: "q", value: "x y z"), .init(name: "flag", value: nil),
        .init(name: "n", value: "1"),
      ])
    expectEqual(logged.header("x-test"), "one")
    expectEqual(logged.header("Authorization"), "Bearer secret")
    #expect(!logged.description.contains("secret"))
    #expect(logged.description.contains("Authorization: <redacted>"))
  }

  @Test("routes: the most specific match wins, later routes override, fallback answers the rest")
  func routing() async throws {
    let server = try ReplayServer.start(routes: [
      ReplayRoute(path: "/x", action: .respond(.json(#""plain""#))),
      ReplayRoute(path: "/x", query: ["page": "2"], action: .respond(.json(#""page 2""#))),
      ReplayRoute(
        path: "/x", headers: ["If-None-Match": "\"e\""], action: .respond(.init(status: 304))),
    ])
    defer { server.stop() }

    #expect(try await text(server, "/x") == #""plain""#)
    #expect(try await text(server, "/x?page=2&other=1") == #""page 2""#)
    #expect(try await text(server, "/x?page=3") == #""plain""#)
    server.stub("/x", .respond(.json(#""override""#)))
    #expect(try await text(server, "/x") == #""override""#)
    var conditional = URLRequest(url: server.baseURL.appendingPathComponent("x"))
    conditional.setValue("\"e\"", forHTTPHeaderField: "If-None-Match")
    let (_, response) = try await session().data(for: conditional)
    expectEqual((response as? HTTPURLResponse)?.statusCode, 304)
    let (_, missing) = try await fetch(server, "/nowhere")
    expectEqual(missing.statusCode, 404)
    #expect(try await text(server, "/nowhere").contains("Not Found"))
    var post = URLRequest(url: server.baseURL.appendingPathComponent("x"))
    post.httpMethod = "POST"
    post.httpBody = Data("body".utf8)
    let (_, posted) = try await session().data(for: post)
    expectEqual((posted as? HTTPURLResponse)?.statusCode, 404)
    expectEqual(server.requests.last?.body, Data("body".utf8))

    server.removeAllRoutes()
    server.setFallback(.respond(.json(status: 418, "{}")))
    let (_, teapot) = try await fetch(server, "/x")
    expectEqual(teapot.statusCode, 418)
  }

  @Test("the GitHub scenario answers 304 only to the recorded ETag")
  func conditionalScenario() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    var request = URLRequest(
      url: server.baseURL.appendingPathComponent("repos/sferik/rails_admin/events"))

    request.setValue(#"W/"other""#, forHTTPHeaderField: "If-None-Match")
    let (_, changed) = try await session().data(for: request)
    request.setValue(#"W/"db5b83d1750484226c14c91898573546""#, forHTTPHeaderField: "If-None-Match")
    let (body, unchanged) = try await session().data(for: request)

    expectEqual((changed as? HTTPURLResponse)?.statusCode, 200)
    expectEqual((unchanged as? HTTPURLResponse)?.statusCode, 304)
    #expect(body.isEmpty)
    expectEqual((unchanged as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Poll-Interval"), "60")
  }

  @Test("hang: the server notices when the client closes the connection")
  func hangAndAbandon() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/hang", .hang)

    // Only the cancel below may close the connection: with the default 60 s, a loaded machine
    // that starves this test for a minute saw the client's own timeout close it first.
    let task = session(requestTimeout: 3600).dataTask(
      with: server.baseURL.appendingPathComponent("hang"))
    task.resume()
    #expect(await server.waitForRequests())
    #expect(server.abandonedRequests.isEmpty)
    task.cancel()

    #expect(await server.waitForAbandonedRequests())
    expectEqual(server.abandonedRequests.map(\.path), ["/hang"])
  }

  @Test("delay: answers after the delay; an early close is noticed and nothing is sent")
  func delay() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/slow", .delay(.milliseconds(50), .json(#""late""#)))
    server.stub("/slower", .delay(.seconds(120), .json(#""never""#)))

    #expect(try await text(server, "/slow") == #""late""#)
    let task = session().dataTask(with: server.baseURL.appendingPathComponent("slower"))
    task.resume()
    #expect(await server.waitForRequests(count: 2))
    task.cancel()
    #expect(await server.waitForAbandonedRequests())
    expectEqual(server.abandonedRequests.map(\.path), ["/slower"])
  }

  @Test("dropConnection and truncateBody fail the client's request")
  func brokenResponses() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/drop", .dropConnection)
    server.stub("/truncated", .truncateBody(.json(String(repeating: "x", count: 100)), bytes: 10))

    await #expect(throws: (any Error).self) { _ = try await fetch(server, "/drop") }
    await #expect(throws: (any Error).self) { _ = try await fetch(server, "/truncated") }
    let (head, body) = try rawResponse(server, "GET /truncated HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(head.contains("Content-Length: 100"))
    #expect(body.utf8.count == 10)
    #expect(try rawRequest(server, "GET /drop HTTP/1.1\r\nHost: x\r\n\r\n").isEmpty)
  }

  @Test("handler: builds the answer from the request")
  func handler() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/echo", .handler { .json(#""\#($0.queryValue("v") ?? "")""#) })

    #expect(try await text(server, "/echo?v=hello") == #""hello""#)
  }

  @Test("sequence: answers in order, repeats the last action, counts per route and fallback")
  func sequence() async throws {
    let server = try ReplayServer.start(
      fallback: .sequence([.respond(.json(status: 500, "1")), .respond(.json("2"))]))
    defer { server.stop() }
    server.stub(
      "/flaky",
      .sequence([
        .respond(.json(status: 502, #"{"message":"Bad Gateway"}"#)), .dropConnection,
        .respond(.json(#""ok""#)),
      ]))
    server.stub("/empty", .sequence([]))

    let first = try await fetch(server, "/flaky")
    await #expect(throws: (any Error).self) { _ = try await fetch(server, "/flaky") }
    let third = try await text(server, "/flaky")
    let fourth = try await text(server, "/flaky")
    let fallback = try await fetch(server, "/other").1.statusCode
    let fallbackAgain = try await fetch(server, "/another").1.statusCode
    let empty = try await fetch(server, "/empty").1.statusCode

    #expect(first.1.statusCode == 502)
    #expect(third == #""ok""#)
    #expect(fourth == #""ok""#)
    let statuses: [Int] = [fallback, fallbackAgain, empty]
    #expect(statuses == [500, 200, 404])
    let expected: [String] = [
      "/flaky", "/flaky", "/flaky", "/flaky", "/other", "/another", "/empty",
    ]
    #expect(server.requests.map(\.path) == expected)
  }

  @Test(
    "malformed requests get an error status and never stop the server",
    arguments: [
      ("garbage\r\n\r\n", "400"),
      ("GET /x\r\n\r\n", "400"),
      ("GET /x HTTP/1.1\r\nno colon here\r\n\r\n", "400"),
      ("GET /x HTTP/1.1\r\nbad name: v\r\n\r\n", "400"),
      ("GET x HTTP/1.1\r\n\r\n", "400"),
      ("GET /x HTTP/2.0\r\n\r\n", "505"),
      ("GET /x HTTP/1.1\r\nContent-Length: -1\r\n\r\n", "400"),
      ("GET /x HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", "400"),
      ("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "400"),
      ("POST /x HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n", "413"),
      ("GET /\u{7F}x HTTP/1.1\r\n\r\n", "400"),
    ])
  func malformed(request: String, status: String) throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }

    let answer = try rawRequest(server, request)

    #expect(answer.hasPrefix("HTTP/1.1 \(status) "))
    expectEqual(server.rejectedRequestCount, 1)
    #expect(server.requests.isEmpty)
    let next = try rawRequest(server, "GET /users/sferik HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(next.hasPrefix("HTTP/1.1 200 OK"))
  }

  @Test("oversized heads, invalid UTF-8 and silent clients are handled")
  func hostileClients() throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }

    let huge = "GET /x HTTP/1.1\r\nX: " + String(repeating: "a", count: 70_000) + "\r\n\r\n"
    let hugeAnswer = try rawRequest(server, huge)
    #expect(hugeAnswer.hasPrefix("HTTP/1.1 431 "), "\(hugeAnswer.prefix(200))")
    #expect(
      try rawRequest(server, bytes: [0x47, 0x45, 0x54, 0x20, 0xFF, 0xFE, 13, 10, 13, 10]).hasPrefix(
        "HTTP/1.1 400 "))
    // Connect, send half a request, and close.
    _ = try rawRequest(server, "GET /users/sf")
    #expect(try rawRequest(server, "GET /users/sferik HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 200"))
  }

  @Test("serves concurrent connections while others hang")
  func concurrency() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    server.stub("/hang", .hang)
    let hanging = (0..<5).map { _ in
      session().dataTask(with: server.baseURL.appendingPathComponent("hang"))
    }
    for task in hanging { task.resume() }
    #expect(await server.waitForRequests(count: 5))

    try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<30 {
        group.addTask { try await fetch(server, "/users/sferik").1.statusCode }
      }
      for try await status in group { expectEqual(status, 200) }
    }
    expectEqual(server.requests.count, 35)
    for task in hanging { task.cancel() }
    #expect(await server.waitForAbandonedRequests(count: 5))
  }

  @Test("stop wakes hanging connections, refuses new ones, and can be called twice")
  func stop() async throws {
    let server = try ReplayServer.start()
    server.stub("/hang", .hang)
    let task = Task { try await fetch(server, "/hang") }
    #expect(await server.waitForRequests())

    server.stop()
    server.stop()

    #expect(server.isStopped)
    await #expect(throws: (any Error).self) { _ = try await task.value }
    await #expect(throws: (any Error).self) { _ = try await fetch(server, "/hang") }
  }

  @Test("dropping the last reference stops the server")
  func deinitStops() async throws {
    var server: ReplayServer? = try ReplayServer.start()
    let url = try #require(server?.baseURL.appendingPathComponent("x"))
    _ = try await session().data(from: url)
    server = nil
    await #expect(throws: (any Error).self) { _ = try await session().data(from: url) }
  }

  @Test("clearLogs empties the logs")
  func clearLogs() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    _ = try await fetch(server, "/x")
    expectEqual(server.requests.count, 1)
    server.clearLogs()
    #expect(server.requests.isEmpty)
    _ = try await fetch(server, "/y")
    expectEqual(server.requests.map(\.index), [0])
  }

  @Test("recorded searches only: the recorded query gets its pages, any other finds nothing")
  func recordedSearchesOnly() async throws {
    let server = try ReplayServer.start(scenario: .gitHub(searches: .recordedQueriesOnly))
    defer { server.stop() }
    func totalAndNames(_ target: String) async throws -> (Int?, [String]) {
      let data = try await fetch(server, target).0
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      let items = try #require(object["items"] as? [[String: Any]])
      return (object["total_count"] as? Int, items.compactMap { $0["full_name"] as? String })
    }
    #expect(ReplayScenario.recordedSearchQueries == ["swift"])
    let recorded = try await totalAndNames("/search/repositories?q=swift&per_page=2")
    #expect(recorded.0 == 5)
    #expect(recorded.1 == ["octocat/swift-hello-world", "octo-org/swift-async-widgets"])
    let second = try await totalAndNames("/search/repositories?q=swift&per_page=2&page=2")
    #expect(second.1.count == 2)
    #expect(second.1 != recorded.1)
    for target in [
      "/search/repositories?q=zzzznotthere", "/search/repositories?q=rxswift&page=2",
      "/search/repositories?q=Swift%20language%3Aswift&per_page=2",
    ] {
      let (response, empty) = try await (fetch(server, target).1, totalAndNames(target))
      #expect(response.statusCode == 200)
      #expect(response.value(forHTTPHeaderField: "Link") == nil, "\(target)")
      #expect(empty.0 == 0, "\(target)")
      #expect(empty.1.isEmpty, "\(target)")
    }
    // The written pages record q=swift, the query the scenario serves them for.
    let first = try #require(try ReplayFixture.searchRepositories.interactions().first)
    let recordedQuery = RecordedRequest(index: 0, method: "GET", target: first.target, headers: [])
      .queryValue("q")
    #expect(recordedQuery.map { ReplayScenario.recordedSearchQueries.contains($0) } == true)
    // By default, any query gets the written pages.
    let any = try ReplayServer.start(scenario: .gitHub())
    defer { any.stop() }
    let data = try await fetch(any, "/search/repositories?q=zzzznotthere").0
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["total_count"] as? Int == 5)
  }
}

// MARK: - Helpers

/// A session without a cache; `requestTimeout` is how long the client waits for an answer before
/// it gives up and closes the connection.
private func session(requestTimeout: TimeInterval = 60) -> URLSession {
  let configuration = URLSessionConfiguration.ephemeral
  configuration.urlCache = nil
  configuration.timeoutIntervalForRequest = requestTimeout
  return URLSession(configuration: configuration)
}

private func fetch(_ server: ReplayServer, _ target: String) async throws -> (Data, HTTPURLResponse)
{
  let url = try #require(URL(string: server.baseURL.absoluteString + target))
  let (data, response) = try await session().data(from: url)
  return (data, try #require(response as? HTTPURLResponse))
}

private func text(_ server: ReplayServer, _ target: String) async throws -> String {
  String(decoding: try await fetch(server, target).0, as: UTF8.self)
}

/// Sends raw bytes on a fresh connection and reads until the server closes it.
private func rawRequest(_ server: ReplayServer, _ request: String) throws -> String {
  try rawRequest(server, bytes: Array(request.utf8))
}

private func rawRequest(_ server: ReplayServer, bytes: [UInt8]) throws -> String {
  #if canImport(Darwin)
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
  #else
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  #endif
  try #require(descriptor >= 0)
  defer { close(descriptor) }
  // A server that has closed the connection must fail the send, not raise SIGPIPE.
  #if canImport(Darwin)
    var noSignal: Int32 = 1
    setsockopt(
      descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
    let sendFlags: Int32 = 0
  #else
    let sendFlags = Int32(MSG_NOSIGNAL)
  #endif
  var timeout = timeval(tv_sec: 60, tv_usec: 0)
  setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = server.port.bigEndian
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  try #require(connected == 0)
  _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, sendFlags) }
  shutdown(descriptor, Int32(SHUT_WR))
  var received: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count <= 0 { break }
    received += buffer[0..<count]
  }
  return String(decoding: received, as: UTF8.self)
}

/// The head and body of a raw response.
private func rawResponse(_ server: ReplayServer, _ request: String) throws -> (String, String) {
  let answer = try rawRequest(server, request)
  let parts = answer.components(separatedBy: "\r\n\r\n")
  return (parts[0], parts.dropFirst().joined(separator: "\r\n\r\n"))
}
