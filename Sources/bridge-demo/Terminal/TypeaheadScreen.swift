import GitHubAsync
import ObservableCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The typeahead command's screen: a prompt with the query, a status line, and the results,
/// redrawn in place after every change.
final class TypeaheadScreen: Sendable {
  /// What the screen shows.
  struct State: Sendable {
    var query = ""
    var status = "type to search"
    var cancelled: [String] = []
    var results: [Repository] = []
  }

  private let console: Console
  private let heading: String
  /// The state, whether it is on the screen, and whether the screen was left: the lock also
  /// keeps frames from interleaving.
  private let state = _Mutex((state: State(), drawn: false, left: false))

  init(console: Console, heading: String) {
    self.console = console
    self.heading = heading
  }

  /// Changes the state and redraws.
  func update(_ change: (inout State) -> Void) {
    state.withLock { screen in
      change(&screen.state)
      // After leave(), the cursor is below the screen for good: a late change must not
      // draw over what follows.
      guard !screen.left else { return }
      draw(screen.state, redraw: screen.drawn)
      screen.drawn = true
    }
  }

  /// Applies a pipeline's activity to the screen.
  func apply(_ activity: SearchActivity) {
    update { state in
      switch activity {
      case .settled: break
      case .searching(let query): state.status = "searching \"\(query)\"…"
      case .cancelled(let query):
        state.cancelled.append("cancelled \"\(query)\"")
        state.cancelled = Array(state.cancelled.suffix(3))
      case .results(let query, let repositories):
        state.status = "\(repositories.count) results for \"\(query)\""
        state.results = repositories
      case .failed(let query, let message):
        state.status = "search for \"\(query)\" failed: \(message)"
        state.results = []
      case .cleared:
        state.status = "type to search"
        state.results = []
      }
    }
  }

  /// Moves the cursor below the screen, for leaving; later changes are not drawn.
  func leave() {
    state.withLock { screen in
      screen.left = true
      guard screen.drawn else { return }
      // From the prompt line to below the last line.
      let below = 1 + max(1, screen.state.results.count)
      console.emit("\u{1B}[\(below)B\r\n", to: STDOUT_FILENO)
      screen.drawn = false
    }
  }

  private func draw(_ state: State, redraw: Bool) {
    let style = console.style
    let width = RawTerminal.columns
    let prompt = "› "
    var lines = [style.dim(Format.truncated(heading, width - 1))]
    lines.append(style.bold(prompt) + Format.truncated(state.query, width - 3))
    var status = state.status
    if !state.cancelled.isEmpty { status += "  ·  " + state.cancelled.joined(separator: ", ") }
    lines.append("  " + style.yellow(Format.truncated(status, width - 3)))
    let results = Format.repositoryList(state.results)
    lines += results.isEmpty ? [""] : results.map { "  " + Format.truncated($0, width - 3) }
    // Back to the first line (the cursor rests on the prompt, one line down), clear, draw,
    // then put the cursor after the query.
    var output = redraw ? "\u{1B}[1A\r\u{1B}[J" : "\r\u{1B}[J"
    output += lines.joined(separator: "\n")
    output +=
      "\u{1B}[\(lines.count - 2)A\r\u{1B}[\(prompt.count + min(state.query.count, width - 3))C"
    console.emit(output, to: STDOUT_FILENO)
  }
}
