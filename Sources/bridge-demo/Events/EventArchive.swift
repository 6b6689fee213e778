import Foundation
import GitHubAsync

/// An event as the archive keeps it.
struct ArchivedEvent: Codable, Sendable, Hashable {
  var id: String
  var type: String
  var actor: String
  var repository: String
  var createdAt: Date?

  init(id: String, type: String, actor: String, repository: String, createdAt: Date?) {
    self.id = id
    self.type = type
    self.actor = actor
    self.repository = repository
    self.createdAt = createdAt
  }

  init(_ event: RepositoryEvent) {
    self.init(
      id: event.id, type: event.type.rawValue, actor: event.actor.login,
      repository: event.repo.name, createdAt: event.createdAt)
  }

  /// Whether this event is newer than another: later, or as late with a larger ID.
  func isNewer(than other: ArchivedEvent) -> Bool {
    let mine = createdAt ?? .distantPast
    let theirs = other.createdAt ?? .distantPast
    if mine != theirs { return mine > theirs }
    if let left = Int(id), let right = Int(other.id) { return left > right }
    return id > other.id
  }
}

/// The newest events of a repository across polls, kept in a JSON file, as the seeds keep
/// theirs.
///
/// Each poll's events are merged by ID with the events already kept; the newest
/// ``capacity`` are written back.
struct EventArchive: Sendable {
  /// How many events are kept.
  static let capacity = 50

  /// The file.
  let file: URL

  /// The archive of a repository's events in a folder.
  ///
  /// - Parameters:
  ///   - directory: The folder.
  ///   - repository: The repository.
  init(directory: URL, repository: RepositoryName) {
    file = directory.appendingPathComponent(
      Self.fileName(owner: repository.owner, name: repository.name), isDirectory: false)
  }

  /// The name of a repository's archive file: `events-OWNER-NAME.json`.
  ///
  /// - Parameters:
  ///   - owner: The owner, or `OWNER` for the help text.
  ///   - name: The repository name, or `NAME` for the help text.
  /// - Returns: The file name.
  static func fileName(owner: String, name: String) -> String {
    "events-\(owner)-\(name).json"
  }

  /// The events kept, newest first; none if the file does not exist yet.
  ///
  /// - Throws: ``DemoFailure`` if the file exists but cannot be read.
  func load() throws(DemoFailure) -> [ArchivedEvent] {
    guard FileManager.default.fileExists(atPath: file.path) else { return [] }
    do {
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return try decoder.decode([ArchivedEvent].self, from: Data(contentsOf: file))
    } catch {
      throw DemoFailure("cannot read the events archive \(file.path): \(error)")
    }
  }

  /// Merges a poll's events into the archive and writes it.
  ///
  /// - Parameter events: The events of the poll.
  /// - Returns: The events that were not kept before, newest first, and the whole archive.
  /// - Throws: ``DemoFailure`` if the file cannot be read or written.
  func merge(_ events: [RepositoryEvent]) throws(DemoFailure) -> (
    added: [ArchivedEvent], archive: [ArchivedEvent]
  ) {
    let kept = try load()
    let known = Set(kept.map(\.id))
    var byID: [String: ArchivedEvent] = [:]
    for event in kept { byID[event.id] = event }
    for event in events { byID[event.id] = ArchivedEvent(event) }
    let archive = Array(
      byID.values.sorted { $0.isNewer(than: $1) }.prefix(Self.capacity))
    let added = archive.filter { !known.contains($0.id) }
    do {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      encoder.dateEncodingStrategy = .iso8601
      try encoder.encode(archive).write(to: file, options: .atomic)
    } catch {
      throw DemoFailure("cannot write the events archive \(file.path): \(error)")
    }
    return (added, archive)
  }
}
