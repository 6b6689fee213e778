import Foundation
import ObservableCore

/// A stored response that can be revalidated with a conditional request.
public struct CachedResponse: Sendable, Hashable, Codable {
  /// The `ETag`, sent back as `If-None-Match`.
  public var etag: String?
  /// The `Last-Modified` value, sent back as `If-Modified-Since`.
  public var lastModified: String?
  /// The response body, reused when GitHub answers `304 Not Modified`.
  public var body: Data
  /// The `X-Poll-Interval` of the stored response, in seconds, if it had one.
  public var pollInterval: Int?

  /// Creates a cached response.
  ///
  /// - Parameters:
  ///   - etag: The entity tag.
  ///   - lastModified: The last-modified date, as GitHub sent it.
  ///   - body: The body.
  ///   - pollInterval: The poll interval in seconds.
  public init(etag: String?, lastModified: String?, body: Data, pollInterval: Int? = nil) {
    self.etag = etag
    self.lastModified = lastModified
    self.body = body
    self.pollInterval = pollInterval
  }
}

/// Where a ``GitHubClient`` keeps responses for conditional requests.
///
/// The client stores every successful `GET` response that has an `ETag` or `Last-Modified`,
/// keyed by its URL, and revalidates it on the next request for that URL. GitHub answers
/// `304 Not Modified` when nothing changed, which does not count against the rate limit.
///
/// Keys are URLs only, without credentials: use one cache per token.
/// Implementations must be safe to call from several threads at once.
public protocol ResponseCache: Sendable {
  /// The stored response for `key`.
  ///
  /// - Parameter key: The request URL.
  /// - Returns: The stored response, or `nil`.
  func cachedResponse(for key: String) -> CachedResponse?

  /// Stores a response for `key`, replacing any earlier one.
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - key: The request URL.
  func store(_ response: CachedResponse, for key: String)
}

/// A response cache in memory, dropping the oldest entry beyond a capacity.
public final class InMemoryResponseCache: ResponseCache {
  private struct State {
    var entries: [String: CachedResponse] = [:]
    var order: [String] = []
  }

  private let capacity: Int
  private let state = _Mutex(State())

  /// Creates an empty cache.
  ///
  /// - Parameter capacity: The most responses kept; at least 1.
  public init(capacity: Int = 256) {
    self.capacity = max(1, capacity)
  }

  /// The stored response for `key`.
  ///
  /// - Parameter key: The request URL.
  /// - Returns: The stored response, or `nil`.
  public func cachedResponse(for key: String) -> CachedResponse? {
    state.withLock { $0.entries[key] }
  }

  /// Stores a response for `key`.
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - key: The request URL.
  public func store(_ response: CachedResponse, for key: String) {
    let evicted = state.withLock { state -> [CachedResponse] in
      var evicted: [CachedResponse] = []
      if let replaced = state.entries.updateValue(response, forKey: key) {
        evicted.append(replaced)
      } else {
        state.order.append(key)
      }
      while state.order.count > capacity {
        let oldest = state.order.removeFirst()
        if let entry = state.entries.removeValue(forKey: oldest) { evicted.append(entry) }
      }
      return evicted
    }
    _ = evicted
  }

  /// The number of stored responses.
  public var count: Int { state.withLock { $0.entries.count } }
}

/// A response cache in a folder, one JSON file per URL, so revalidation survives a restart.
///
/// This is the pattern GitHub recommends for polling events: keep the last `ETag` and send it
/// with the next poll. Files are written atomically; a missing, unreadable or corrupt file
/// reads as no entry, and a failed write is ignored, because the cache is only an
/// optimisation.
public final class FileResponseCache: ResponseCache {
  private struct Entry: Codable {
    var key: String
    var response: CachedResponse
  }

  /// The folder holding the cache files.
  public let directory: URL

  /// Creates a cache in `directory`, creating the folder if needed.
  ///
  /// - Parameter directory: The folder.
  public init(directory: URL) {
    self.directory = directory
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// The stored response for `key`.
  ///
  /// - Parameter key: The request URL.
  /// - Returns: The stored response, or `nil`.
  public func cachedResponse(for key: String) -> CachedResponse? {
    guard let data = try? Data(contentsOf: fileURL(for: key)),
      let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.key == key
    else { return nil }
    return entry.response
  }

  /// Stores a response for `key`.
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - key: The request URL.
  public func store(_ response: CachedResponse, for key: String) {
    guard let data = try? JSONEncoder().encode(Entry(key: key, response: response)) else {
      return
    }
    try? data.write(to: fileURL(for: key), options: .atomic)
  }

  /// The file for `key`: a 64-bit FNV-1a hash of the key in hex.
  ///
  /// The key is stored inside the file too, so a hash collision reads as a miss.
  private func fileURL(for key: String) -> URL {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    let name = String(hash, radix: 16)
    return directory.appendingPathComponent("github-\(name).json", isDirectory: false)
  }
}
