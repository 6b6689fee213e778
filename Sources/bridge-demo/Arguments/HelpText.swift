/// The usage lines and help texts of the commands.
extension CommandName {
  /// The command's usage, one line, for error messages.
  var usage: String {
    switch self {
    case .tour: "usage: bridge-demo [tour] [--only SCENARIO,...] [--cache-dir DIR] [SERVER]"
    case .repo: "usage: bridge-demo repo OWNER/NAME [--style rx|async|both] [--json] [SERVER]"
    case .search:
      "usage: bridge-demo search QUERY [--limit N] [--sort stars|forks|updated]"
        + " [--style rx|async|both] [--json] [SERVER]"
    case .events:
      "usage: bridge-demo events OWNER/NAME [--poll [--interval SECONDS] [--polls N]]"
        + " [--cache-dir DIR] [--style rx|async|both] [--json] [SERVER]"
    case .user: "usage: bridge-demo user NAME [--style rx|async|both] [--json] [SERVER]"
    case .typeahead: "usage: bridge-demo typeahead [--style rx|async] [SERVER]"
    case .api:
      "usage: bridge-demo api PATH [--paginate [--items KEY] [--limit N]]"
        + " [--style rx|async|both] [--json] [SERVER]"
    }
  }

  /// The command's full help, for `--help`.
  var help: String {
    let body: String
    switch self {
    case .tour:
      return Self.overview
    case .repo:
      body = """
        Shows a repository.

        Options:
          --style rx|async|both   which client style to use (default: async)
          --json                  print JSON instead of text
        """
    case .search:
      body = """
        Searches repositories, following the pages GitHub links to until LIMIT are found.

        Options:
          --limit N               how many repositories, 1 to 1000 (default: 10)
          --sort stars|forks|updated
                                  the order; GitHub's best match when not given
          --style rx|async|both   which client style to use (default: async)
          --json                  print JSON instead of text
        """
    case .events:
      body = """
        Shows a repository's public events, newest first, and keeps the newest 50 across polls
        in \(EventArchive.fileName(owner: "OWNER", name: "NAME")) in the cache directory.
        Requests are conditional: when nothing changed, GitHub answers 304 Not Modified and the
        events come from the cache, also in a later run with the same --cache-dir.

        Options:
          --poll                  keep polling until interrupted, printing new events; on a
                                  terminal, standard error says how long each wait is
          --interval SECONDS      the least wait between polls; never shorter than the
                                  server's X-Poll-Interval (60 s without one)
          --polls N               stop after N polls
          --cache-dir DIR         where to keep the cache (default: a temporary directory,
                                  removed at exit)
          --style rx|async|both   which client style to use (default: async)
          --json                  print JSON instead of text, one line per poll with --poll
        """
    case .user:
      body = """
        Shows a user.

        Options:
          --style rx|async|both   which client style to use (default: async)
          --json                  print JSON instead of text
        """
    case .typeahead:
      body = """
        Searches repositories as you type. Keystrokes go through debounce,
        distinctUntilChanged and flatMapLatest (or, with --style async, the same with Task
        cancellation); requests made stale by further typing are cancelled and shown as such.
        Esc or Ctrl-C quits. When standard input is not a terminal, it reads one query per line;
        a search that fails is one line on standard error, and the exit status is then 1.

        Options:
          --style rx|async        which pipeline to use (default: rx)
        """
    case .api:
      body = """
        Sends GET PATH (such as repos/apple/swift or /orgs/apple/repos?per_page=100) and prints
        the JSON, like 'gh api'. Spaces, quotes and other characters in PATH are
        percent-encoded; a full URL is taken only on the configured API. With --paginate,
        follows the Link rel="next" pages and prints their items as one array. A page that
        wraps its list in an object with one array member, such as
        repos/OWNER/NAME/actions/workflows ({"total_count": ..., "workflows": [...]}), is read
        as that list; an object with several, or none, needs --items.

        Options:
          --paginate              fetch every page: each a JSON array, or an object with
                                  one array member, or see --items
          --items KEY             with --paginate, each page is an object whose member KEY
                                  is the list (items, workflows, ...); a page without it is
                                  a usage error (exit 2)
          --limit N               with --paginate, stop after N items
          --style rx|async|both   which client style to use (default: async)
          --json                  print compact JSON on one line, keyed by style with both
        """
    }
    return usage + "\n\n" + body + "\n\n" + Self.serverHelp
  }

  /// The help for the whole program.
  static let overview = """
    bridge-demo: RxSwift-style Observables and async/await side by side, against GitHub's API.

    usage: bridge-demo [COMMAND] [OPTIONS] [SERVER]

    Commands:
      tour                 run each scenario in both styles, side by side (the default)
      repo OWNER/NAME      show a repository
      search QUERY         search repositories
      events OWNER/NAME    show a repository's events, optionally polling
      user NAME            show a user
      typeahead            search as you type
      api PATH             GET any endpoint and print its JSON

    Options of tour:
      --only SCENARIO,...  run only these: \(TourScenarioName.allCases.map(\.rawValue).joined(separator: ", "))
      --cache-dir DIR      where the events scenario keeps its files (default: a temporary
                           directory, removed at exit)

    \(serverHelp)

    Run 'bridge-demo COMMAND --help' for the options of a command.
    """

  /// The help for the options that choose the server.
  static let serverHelp = """
    SERVER:
      (nothing)            a replay server on 127.0.0.1 with recorded GitHub responses:
                           offline, no token needed
      --live               api.github.com, with the token in GITHUB_TOKEN if it is set
      --base-url URL       any GitHub-compatible API, such as https://HOST/api/v3, with the
                           token in GITHUB_TOKEN if it is set
    On a terminal, one line on standard error says where requests go.
    For testing only, BRIDGE_DEMO_LIVE_BASE_URL replaces api.github.com for --live, and
    BRIDGE_DEMO_INSTANT_WAITS=1 makes the waits between polls pass at once.
    """
}
