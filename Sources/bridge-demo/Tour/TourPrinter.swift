import GitHubReplay

/// Prints the tour: a header per scenario, then a labelled block per style.
struct TourPrinter {
  let console: Console

  private var style: TextStyle { console.style }

  /// The width of the rules under scenario titles.
  private static let width = 78

  func introduction(measuringRequests: Bool) {
    console.print(
      style.bold("bridge-demo tour: each scenario in Rx (ObservableCore), then in async/await."))
    console.print(
      measuringRequests
        ? "Times are measured; requests are the ones the replay server received."
        : "Times are measured; requests are counted only on the built-in replay server.")
  }

  func header(_ scenario: any TourScenario, number: Int, of total: Int, context: TourContext) {
    let title = "━━ \(number)/\(total)  \(scenario.title) "
    console.print()
    console.print(
      style.bold(title + String(repeating: "━", count: max(3, Self.width - title.count))))
    for line in scenario.summary(context) { console.print("   " + line) }
  }

  func run(
    _ label: String, code: [String], report: StyleReport, requests: [RecordedRequest]?,
    abandoned: Set<Int> = [], elapsed: Duration
  ) {
    console.print()
    console.print("  " + style.bold(style.magenta(label)))
    for line in code { console.print("    " + style.cyan(line)) }
    field("result", report.result)
    if let requests {
      field(
        "requests",
        requests.isEmpty
          ? ["none"]
          : requests.enumerated().map { index, request in
            (index == 0 ? "\(requests.count)  " : "   ")
              + describe(request, abandoned: abandoned.contains(request.index))
          })
    } else {
      field("requests", [style.dim("not counted (remote server)")])
    }
    field("time", [Format.duration(elapsed)])
    field("cancelled", report.cancelled.isEmpty ? ["nothing"] : report.cancelled)
  }

  func conclusion(scenarios: Int, elapsed: Duration, requests: Int?, failures: Int) {
    console.print()
    var line = "\(scenarios) scenario\(scenarios == 1 ? "" : "s") in both styles"
    if let requests { line += ", \(requests) requests" }
    line += ", \(Format.duration(elapsed)) in all"
    if failures > 0 { line += "; " + style.red("\(failures) runs failed") }
    console.print(style.bold(line) + ".")
  }

  private func field(_ name: String, _ lines: [String]) {
    for (index, line) in lines.enumerated() {
      let label = index == 0 ? Format.padded(name, 10) : String(repeating: " ", count: 10)
      console.print("    " + style.dim(label) + " " + line)
    }
  }

  /// One line of the request log; `abandoned` when the client closed the connection before
  /// the whole answer was sent, as a cancelled request does.
  private func describe(_ request: RecordedRequest, abandoned: Bool) -> String {
    var text = "\(request.method) \(request.target)"
    if let etag = request.header("If-None-Match") { text += "  If-None-Match: \(etag)" }
    if abandoned { text += "  " + style.red("cancelled before the answer") }
    return text
  }
}
