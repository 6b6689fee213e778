import Foundation
import GitHubReplay

/// `bridge-demo tour`: every scenario in both styles, one after the other.
enum TourCommand {
  /// The scenarios, in the order they run.
  static let scenarios: [any TourScenario] = [
    RepositoryScenario(), PaginationScenario(), BridgeScenario(), ChainedRequestsScenario(),
    SearchAsYouTypeScenario(), EventsScenario(), SignupScenario(), ObservationScenario(),
  ]

  static func run(_ options: TourOptions, context: CommandContext) async throws {
    let directory = try options.cacheDirectory ?? context.temporaryDirectory()
    let tour = TourContext(
      backend: context.backend, targets: context.backend.isLive ? .live : .replay,
      directory: directory)
    let selected = scenarios.filter { options.only.isEmpty || options.only.contains($0.name) }
    let printer = TourPrinter(console: context.console)
    printer.introduction(measuringRequests: tour.replayServer != nil)

    let clock = ContinuousClock()
    let started = clock.now
    var failures = 0
    var requestCount = 0
    for (index, scenario) in selected.enumerated() {
      printer.header(scenario, number: index + 1, of: selected.count, context: tour)
      for style in Style.allCases {
        let firstRequest = tour.replayServer?.requests.count ?? 0
        let runStarted = clock.now
        var report: StyleReport
        do {
          report = try await scenario.run(style, tour)
        } catch {
          failures += 1
          report = StyleReport(result: ["failed: " + Format.error(error)])
        }
        let elapsed = clock.now - runStarted
        let requests = tour.replayServer.map { Array($0.requests.dropFirst(firstRequest)) }
        let abandoned = Set(tour.replayServer?.abandonedRequests.map(\.index) ?? [])
        requestCount += requests?.count ?? 0
        printer.run(
          scenario.label(style), code: scenario.code(style, tour), report: report,
          requests: requests, abandoned: abandoned, elapsed: elapsed)
      }
    }
    printer.conclusion(
      scenarios: selected.count, elapsed: clock.now - started,
      requests: tour.replayServer == nil ? nil : requestCount, failures: failures)
    if failures > 0 {
      throw DemoFailure("\(failures) of \(selected.count * 2) runs failed")
    }
  }
}
