import AsyncBridge
import Foundation
import GitHubAsync
import ObservableCore

/// The options of `api`.
struct ApiOptions: Sendable, Equatable {
  /// The path relative to the API, percent-encoded, without the query.
  var path: String
  /// The query items given after `?` in PATH, decoded.
  var query: [String: String]
  var paginate: Bool
  /// With `--paginate`, the member of each page's object that holds its items (`--items`);
  /// `nil` when each page is a JSON array.
  var items: String?
  /// The most items to fetch with `--paginate`; all when `nil`.
  var limit: Int?
  var style: StyleChoice
  var json: Bool

  /// Takes the options of `api` and its PATH.
  ///
  /// - Parameters:
  ///   - parser: The arguments after the command name.
  ///   - apiBase: The configured API's base URL, under which a full URL is taken as PATH.
  /// - Returns: The options.
  /// - Throws: ``ArgumentError`` for a mistake.
  static func parse(
    _ parser: inout ArgumentParser, apiBase: URL
  ) throws(ArgumentError) -> ApiOptions {
    let style = try StyleChoice.parse(&parser)
    let json = try parser.flag("--json")
    let paginate = try parser.flag("--paginate")
    let limit = try parser.value("--limit").map { text throws(ArgumentError) in
      guard let limit = Int(text), limit >= 1 else {
        throw ArgumentError("--limit must be a number of 1 or more, not '\(text)'")
      }
      return limit
    }
    if limit != nil && !paginate { throw ArgumentError("--limit needs --paginate") }
    let items = try parser.value("--items")
    if let items {
      guard !items.isEmpty else { throw ArgumentError("--items must name a member, such as items") }
      guard paginate else { throw ArgumentError("--items needs --paginate") }
    }
    let path = try ApiPath.parse(parser.requiredPositional("PATH"), apiBase: apiBase)
    return ApiOptions(
      path: path.path, query: path.query, paginate: paginate, items: items, limit: limit,
      style: style, json: json)
  }
}

/// `bridge-demo api PATH`: any `GET` endpoint, printed as JSON, in the spirit of `gh api`.
///
/// With `--paginate` it follows `Link` `rel="next"` and prints the items of every page as
/// one array: each page is an array, or an object whose only array member is the list (the
/// Actions endpoints' `workflows`, `workflow_runs`, ...), or with `--items KEY` an object
/// whose member `KEY` is (search's `items`). A page without that list, or an object with no
/// array member or several without `--items`, is a usage error.
enum ApiCommand {
  static func run(_ options: ApiOptions, context: CommandContext) async throws {
    let client = context.backend.makeClient()
    var results: [(Style, JSONValue)] = []
    for style in options.style.styles {
      let value = try await describingFailure("GET \(options.path)") {
        do {
          return try await fetch(style, options: options, client: client)
        } catch let error as GitHubError {
          throw Self.usageFailure(for: error, options: options) ?? error
        }
      }
      results.append((style, value))
    }
    if options.json {
      let value =
        results.count == 1
        ? results[0].1
        : JSONValue.object(Dictionary(uniqueKeysWithValues: results.map { ($0.0.rawValue, $0.1) }))
      context.console.print(Self.text(value, pretty: false))
    } else {
      printByStyle(results, console: context.console) { value in
        Self.text(value, pretty: true).split(separator: "\n").map(String.init)
      }
    }
  }

  private static func fetch(
    _ style: Style, options: ApiOptions, client: GitHubClient
  ) async throws -> JSONValue {
    guard options.paginate else {
      switch style {
      case .rx:
        return try await client.rx.get(JSONValue.self, path: options.path, query: options.query)
          .value
      case .async:
        return try await client.get(JSONValue.self, path: options.path, query: options.query)
      }
    }
    let limit = options.limit ?? Int.max
    // Without --items: an array, or the one array member of an object.
    let location = options.items.map(PageItems.key) ?? .automatic
    switch style {
    case .rx:
      // One element per page; take(limit) disposes the pager once it has enough.
      return .array(
        try await client.rx.paginate(
          JSONValue.self, path: options.path, query: options.query, items: location
        )
        .flatMap { page in Observable.from(page) }
        .take(limit)
        .toArray()
        .value)
    case .async:
      // One element per item; leaving the loop requests no further page.
      var items: [JSONValue] = []
      guard limit > 0 else { return .array(items) }
      for try await item in client.paginate(
        JSONValue.self, path: options.path, query: options.query, items: location)
      {
        items.append(item)
        if items.count == limit { break }
      }
      return .array(items)
    }
  }

  /// A page that does not hold its items where the options say is a command-line mistake:
  /// `--items` names a member the page lacks, or a wrapped list was paginated without it.
  ///
  /// - Returns: The usage failure, or `nil` for any other error.
  static func usageFailure(for error: GitHubError, options: ApiOptions) -> UsageFailure? {
    guard options.paginate, case .decodingFailed(let failure) = error else { return nil }
    let isObject = failure.bodyPrefix.drop { $0.isWhitespace }.first == "{"
    let message: String
    if let key = options.items {
      // The list is missing, the page is not an object, or the member is not a list.
      guard failure.reason.hasSuffix(" at the top level") || failure.reason.hasSuffix(" at \(key)")
      else { return nil }
      message =
        "--items \(key): a page of \(options.path) has no list under \"\(key)\" "
        + "(\(failure.reason))"
    } else {
      // An object with no array member, or with several: which one is the list?
      guard isObject else { return nil }
      message =
        "--paginate: a page of \(options.path) is \(failure.reason); "
        + "name the member that holds the items with --items KEY"
    }
    return UsageFailure(message: message, usage: CommandName.api.usage)
  }

  /// JSON text, keys sorted.
  static func text(_ value: JSONValue, pretty: Bool) -> String {
    var options: JSONSerialization.WritingOptions = [
      .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes,
    ]
    if pretty { options.insert(.prettyPrinted) }
    guard let data = try? JSONSerialization.data(withJSONObject: object(value), options: options)
    else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }

  private static func object(_ value: JSONValue) -> Any {
    switch value {
    case .null: NSNull()
    case .bool(let bool): bool
    case .int(let int): int
    case .double(let double): double
    case .string(let string): string
    case .array(let array): array.map(object)
    case .object(let members): members.mapValues(object)
    }
  }
}
