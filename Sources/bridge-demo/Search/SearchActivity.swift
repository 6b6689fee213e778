import GitHubAsync

/// What a search-as-you-type pipeline reports.
enum SearchActivity: Sendable, Equatable {
  /// The text stopped changing for the debounce time.
  case settled(String)
  /// A search started.
  case searching(String)
  /// A search in flight was cancelled because newer text settled.
  case cancelled(String)
  /// A search answered.
  case results(String, [Repository])
  /// A search failed.
  case failed(String, String)
  /// The text became empty, so there is nothing to search.
  case cleared
}

/// The settings both pipelines share.
struct SearchAsYouTypeSettings: Sendable {
  /// How long the text must stay unchanged before it is searched.
  var debounce: Duration
  /// How many results to ask for.
  var perPage: Int
}
