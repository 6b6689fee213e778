import Foundation

/// The rate-limit state GitHub reports in the `x-ratelimit-*` headers of every response.
public struct RateLimit: Sendable, Hashable, CustomStringConvertible {
  /// The requests allowed per window (`x-ratelimit-limit`).
  public var limit: Int
  /// The requests left in the window (`x-ratelimit-remaining`).
  public var remaining: Int
  /// The requests used in the window (`x-ratelimit-used`), if sent.
  public var used: Int?
  /// When the window resets (`x-ratelimit-reset`, epoch seconds), if sent.
  public var reset: Date?
  /// The limit's resource, such as `core` or `search` (`x-ratelimit-resource`), if sent.
  public var resource: String?

  /// Creates a rate-limit value.
  ///
  /// - Parameters:
  ///   - limit: The requests allowed per window.
  ///   - remaining: The requests left.
  ///   - used: The requests used.
  ///   - reset: The reset time.
  ///   - resource: The resource.
  public init(
    limit: Int, remaining: Int, used: Int? = nil, reset: Date? = nil, resource: String? = nil
  ) {
    self.limit = limit
    self.remaining = remaining
    self.used = used
    self.reset = reset
    self.resource = resource
  }

  /// Reads the rate-limit headers.
  ///
  /// `x-ratelimit-reset` is epoch seconds; a value too large for seconds (octokit's
  /// normalized fixtures use milliseconds) is read as milliseconds.
  ///
  /// Fails without `x-ratelimit-limit` and `-remaining`.
  ///
  /// - Parameter header: Looks a header up by name, ignoring case.
  init?(header: (String) -> String?) {
    func integer(_ name: String) -> Int? {
      header(name).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
    guard let limit = integer("X-RateLimit-Limit"), let remaining = integer("X-RateLimit-Remaining")
    else { return nil }
    self.limit = limit
    self.remaining = remaining
    used = integer("X-RateLimit-Used")
    if let epoch = integer("X-RateLimit-Reset") {
      let seconds = epoch > 100_000_000_000 ? Double(epoch) / 1000 : Double(epoch)
      reset = Date(timeIntervalSince1970: seconds)
    } else {
      reset = nil
    }
    resource = header("X-RateLimit-Resource")?.trimmingCharacters(in: .whitespaces)
  }

  /// `core: 4962/5000 left, resets at 1658208999`.
  public var description: String {
    (resource ?? "unknown") + ": \(remaining)/\(limit) left"
      + (reset.map { ", resets at \(Int($0.timeIntervalSince1970))" } ?? "")
  }
}
