import Foundation
import GitHubReplay
import ObservableTesting
import TestProcessSupport
import Testing

@testable import GitHubAsync

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Feeds mutated recorded responses through the client's whole response path (status,
/// headers, error classification, decoding) and expects a value or a typed error, never a
/// crash and never the wrong kind of error for the status.
///
/// The generator is seeded, so every run tries the same inputs and a failure names the
/// iteration that reproduces it.
@Suite("GitHubClient: fuzzed responses")
struct DecoderFuzzTests {
  /// Mutated inputs tried by ``mutatedResponses()``.
  static let iterations = 12_000
  static let token = "ghp_FuzzSecretToken0123456789"

  @Test("12,000 mutated recorded bodies yield values or typed errors")
  func mutatedResponses() throws {
    let corpus = try FuzzCorpus.load()
    let client = GitHubClient(
      configuration: GitHubConfiguration(
        baseURL: URL(string: "http://127.0.0.1:1")!, token: GitHubToken(Self.token)))
    let prepared = try client.prepare(URL(string: "http://127.0.0.1:1/repos/o/r")!)
    var generator = SplitMix64(seed: 0x6769_7468_7562)
    var tally = FuzzTally()

    for iteration in 0..<Self.iterations {
      let sample = corpus.samples[Int(generator.next() % UInt64(corpus.samples.count))]
      let status = FuzzCorpus.statuses[Int(generator.next() % UInt64(FuzzCorpus.statuses.count))]
      var body = sample.body
      var headers = sample.headers
      for _ in 0...(generator.next() % 3) {
        Mutation.apply(to: &body, headers: &headers, token: Self.token, using: &generator)
      }
      let response = HTTPURLResponse(
        url: prepared.request.url!, statusCode: status, httpVersion: "HTTP/1.1",
        headerFields: headers)
      let result = client.complete(prepared, data: body, response: response, error: nil)
      let outcome = FuzzOutcome(status: status, result: result, target: sample.target, client)
      tally.record(outcome)
      if let problem = outcome.problem(token: Self.token) {
        Issue.record("iteration \(iteration), status \(status), \(sample.name): \(problem)")
        return
      }
    }

    expectEqual(tally.total, Self.iterations)
    // The mutations must reach both outcomes, or the test proves little.
    #expect(tally.decoded > 100, "decoded: \(tally.decoded)")
    #expect(tally.decodingFailed > 1_000, "decodingFailed: \(tally.decodingFailed)")
    #expect(tally.classified > 1_000, "classified: \(tally.classified)")
  }

  @Test("deep nesting fails as a decoding error at every depth", arguments: [600, 100_000])
  func deepNesting(depth: Int) throws {
    let client = GitHubClient(configuration: GitHubConfiguration(token: nil))
    let prepared = try client.prepare(URL(string: "http://127.0.0.1:1/repos/o/r")!)
    let bodies = [
      String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
      #"{"id":1,"payload":"# + String(repeating: #"{"a":"#, count: depth) + "1"
        + String(repeating: "}", count: depth + 1),
    ]
    for body in bodies {
      let exchange = Exchange(
        status: 200, body: Data(body.utf8), isNotModified: false, link: nil, pollInterval: nil,
        etag: nil, rateLimit: nil)
      #expect(throws: GitHubError.self) { try client.decode(Repository.self, from: exchange) }
      #expect(throws: GitHubError.self) { try client.decode([Event].self, from: exchange) }
      let response = HTTPURLResponse(
        url: prepared.request.url!, statusCode: 404, httpVersion: "HTTP/1.1", headerFields: [:])
      let result = client.complete(prepared, data: Data(body.utf8), response: response, error: nil)
      guard case .failure(.notFound) = result else {
        Issue.record("expected notFound, got \(result)")
        return
      }
    }
  }

  @Test("the mutation generator is deterministic")
  func deterministic() {
    func run() -> [UInt8] {
      var generator = SplitMix64(seed: 42)
      var body = Data(#"{"id": 1, "name": "x", "list": [1, 2, 3]}"#.utf8)
      var headers: [String: String] = [:]
      for _ in 0..<20 {
        Mutation.apply(to: &body, headers: &headers, token: "t", using: &generator)
      }
      return Array(body)
    }
    expectEqual(run(), run())
  }
}

// MARK: - Corpus

/// What a fuzzed response is decoded as, as the calls decode it.
private enum FuzzTarget: CaseIterable {
  case repository, user, events, searchPage
}

private struct FuzzSample {
  var name: String
  var body: Data
  var headers: [String: String]
  var target: FuzzTarget
}

private struct FuzzCorpus {
  var samples: [FuzzSample]

  /// Statuses the server might send, weighted towards success so decoding is exercised.
  static let statuses = [
    200, 200, 200, 200, 200, 200, 201, 204, 301, 302, 304, 400, 401, 403, 404, 410, 418, 422,
    429, 500, 502, 503,
  ]

  static func load() throws -> FuzzCorpus {
    let sources: [(ReplayFixture, FuzzTarget)] = [
      (.repository, .repository), (.renamedRepository, .repository), (.user, .user),
      (.repositoryEvents, .events), (.searchRepositories, .searchPage),
      (.searchBeyondLimit, .searchPage), (.validationFailed, .repository),
      (.repositoryNotFound, .repository), (.badCredentials, .user), (.rateLimitPrimary, .user),
      (.rateLimitSecondary, .user), (.forbidden, .user), (.serverError, .events),
      (.userNotFound, .user),
    ]
    var samples: [FuzzSample] = []
    for (fixture, target) in sources {
      for interaction in try fixture.interactions() where !interaction.response.body.isEmpty {
        var headers: [String: String] = [:]
        for header in interaction.response.headers { headers[header.name] = header.value }
        samples.append(
          FuzzSample(
            name: fixture.rawValue, body: interaction.response.body, headers: headers,
            target: target))
      }
    }
    return FuzzCorpus(samples: samples)
  }
}

// MARK: - Mutations

private enum Mutation: CaseIterable {
  case truncate, flipBits, insertBytes, deleteRange, duplicateRange, swapValueType, hugeNumber
  case deepNesting, invalidUTF8, injectToken, mutateHeader

  /// Values that replace a JSON value of another type, or a number GitHub would never send.
  static let replacements = [
    "null", "0", "-1", "1.5", "true", "\"\"", "\"x\"", "[]", "{}", "[null]", "{\"a\":1}",
    "1e400", "-1e400", "99999999999999999999999999999999", "-9223372036854775809",
    "9223372036854775808", "1E-400", "\"\\ud800\"", "\"\\u0000\"", "\"2011-13-45T99:99:99Z\"",
    "\"not a url\"", "\"http://[::1\"",
  ]

  static let headerNames = [
    "Link", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Limit",
    "X-RateLimit-Used", "Retry-After", "X-Poll-Interval", "ETag", "Location",
  ]

  static let headerValues = [
    "", "-1", "0", "99999999999999999999999", "1e400", "abc", "<>; rel=\"next\"",
    "<http://[::1>; rel=\"next\"", "<?page=2>; rel=next", "<%%%>; rel=\"next\", <x>",
    String(repeating: "<a>; rel=\"next\", ", count: 200), "\"W/\"", "12.5",
  ]

  static func apply(
    to body: inout Data, headers: inout [String: String], token: String,
    using generator: inout SplitMix64
  ) {
    let all = allCases
    let mutation = all[Int(generator.next() % UInt64(all.count))]
    var bytes = [UInt8](body)
    func position(_ limit: Int) -> Int {
      limit <= 0 ? 0 : Int(generator.next() % UInt64(limit))
    }
    switch mutation {
    case .truncate:
      bytes.removeLast(bytes.count - position(bytes.count + 1))
    case .flipBits:
      for _ in 0...(generator.next() % 8) where !bytes.isEmpty {
        bytes[position(bytes.count)] ^= UInt8(1 << (generator.next() % 8))
      }
    case .insertBytes:
      let alphabet = Array(#"{}[]",:-+.eE0123456789 \ntrufalsn"#.utf8)
      for _ in 0...(generator.next() % 6) {
        let byte =
          generator.next() % 4 == 0
          ? UInt8(truncatingIfNeeded: generator.next())
          : alphabet[position(alphabet.count)]
        bytes.insert(byte, at: position(bytes.count + 1))
      }
    case .deleteRange:
      let start = position(bytes.count)
      let end = min(bytes.count, start + position(64) + 1)
      bytes.removeSubrange(start..<end)
    case .duplicateRange:
      let start = position(bytes.count)
      let end = min(bytes.count, start + position(256) + 1)
      let slice = bytes[start..<end]
      bytes.insert(contentsOf: slice, at: position(bytes.count + 1))
    case .swapValueType, .hugeNumber:
      if let range = valueRange(in: bytes, near: position(bytes.count)) {
        let replacement =
          mutation == .hugeNumber
          ? replacements[11 + position(6)] : replacements[position(replacements.count)]
        bytes.replaceSubrange(range, with: Array(replacement.utf8))
      }
    case .deepNesting:
      let depth = [8, 64, 300, 600, 2_000][position(5)]
      let (open, close) = generator.next() % 2 == 0 ? ("[", "]") : (#"{"k":"#, "}")
      if let range = valueRange(in: bytes, near: position(bytes.count)) {
        let value = Array(bytes[range])
        let wrapped =
          Array(String(repeating: open, count: depth).utf8) + value
          + Array(String(repeating: close, count: depth).utf8)
        bytes.replaceSubrange(range, with: wrapped)
      } else {
        bytes = Array(String(repeating: open, count: depth).utf8) + bytes
      }
    case .invalidUTF8:
      let sequences: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90], [0]]
      bytes.insert(contentsOf: sequences[position(sequences.count)], at: position(bytes.count + 1))
    case .injectToken:
      // A server echoing the secret: it must be redacted from any error that quotes the body.
      if let range = valueRange(in: bytes, near: position(bytes.count)) {
        bytes.replaceSubrange(range, with: Array("\"\(token)\"".utf8))
      } else {
        bytes.insert(contentsOf: Array(token.utf8), at: position(bytes.count + 1))
      }
    case .mutateHeader:
      let name = headerNames[position(headerNames.count)]
      headers[name] =
        generator.next() % 4 == 0
        ? "https://example.com/?token=\(token)" : headerValues[position(headerValues.count)]
    }
    body = Data(bytes)
  }

  /// The byte range of the JSON value after the first `:` at or after `start`: a string, or a
  /// run of scalar characters, or a balanced array or object.
  static func valueRange(in bytes: [UInt8], near start: Int) -> Range<Int>? {
    guard var index = bytes[start...].firstIndex(of: UInt8(ascii: ":")) else { return nil }
    index += 1
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    guard index < bytes.count else { return nil }
    let first = bytes[index]
    var end = index
    switch first {
    case UInt8(ascii: "\""):
      end += 1
      while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
        end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
      }
      end = min(end + 1, bytes.count)
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      var depth = 0
      var inString = false
      while end < bytes.count {
        let byte = bytes[end]
        if inString {
          if byte == UInt8(ascii: "\\") {
            end += 1
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          }
        } else if byte == UInt8(ascii: "\"") {
          inString = true
        } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
          depth += 1
        } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
          depth -= 1
          if depth == 0 { break }
        }
        end += 1
      }
      end = min(end + 1, bytes.count)
    default:
      while end < bytes.count, !",}]\n".utf8.contains(bytes[end]) { end += 1 }
    }
    return index < end ? index..<end : nil
  }
}

// MARK: - Outcomes

private struct FuzzOutcome {
  var status: Int
  /// The call's result, or `nil` if the exchange was decoded into a value.
  var error: GitHubError?

  init(
    status: Int, result: Result<Exchange, GitHubError>, target: FuzzTarget, _ client: GitHubClient
  ) {
    self.status = status
    switch result {
    case .failure(let error):
      self.error = error
    case .success(let exchange):
      do {
        switch target {
        case .repository: _ = try client.decode(Repository.self, from: exchange)
        case .user: _ = try client.decode(User.self, from: exchange)
        case .events: _ = try client.repositoryEvents(from: exchange)
        case .searchPage: _ = try client.searchPage(from: exchange)
        }
        self.error = nil
      } catch {
        self.error = error
      }
    }
  }

  /// What is wrong with this outcome, or `nil` if the error fits the status.
  func problem(token: String) -> String? {
    guard let error else {
      return (200..<300).contains(status) ? nil : "a value for status \(status)"
    }
    let text = "\(error) \(String(reflecting: error))"
    if text.contains(token) { return "the token leaked into \(text)" }
    switch (status, error) {
    case (200..<300, .decodingFailed(let failure)):
      return failure.status == status ? nil : "decodingFailed with status \(failure.status)"
    case (300..<400, .redirect(let redirected, _)) where status != 304:
      return redirected == status ? nil : "redirect with status \(redirected)"
    case (304, .unexpectedStatus), (401, .unauthorized), (404, .notFound),
      (422, .validationFailed), (500..<600, .serverError), (403, .forbidden),
      (403, .rateLimited), (429, .rateLimited), (400, .unexpectedStatus),
      (410, .unexpectedStatus), (418, .unexpectedStatus):
      return error.status == status ? nil : "status \(String(describing: error.status))"
    default:
      return "unexpected \(error)"
    }
  }
}

private struct FuzzTally {
  var total = 0
  var decoded = 0
  var decodingFailed = 0
  var classified = 0

  mutating func record(_ outcome: FuzzOutcome) {
    total += 1
    switch outcome.error {
    case nil: decoded += 1
    case .decodingFailed: decodingFailed += 1
    default: classified += 1
    }
  }
}
