#if canImport(Glibc)
  import Glibc
#endif

/// One benchmark figure of ours, compared with peers measured in the same run.
struct Row {
  /// What the target compares against.
  enum Target {
    /// Our figure divided by the named peer's must be at most `max`.
    case ratio(peer: String, max: Double)
    /// Our figure must be at most `max` ns at the calibration in `RESULTS.md`.
    case absolute(max: Double)
    /// Reported only.
    case none
  }

  var workload: String
  var ours: Double
  var peers: [(name: String, value: Double)]
  var targets: [Target]
  /// The same workload written for RxSwift, measured when the RxSwift peer is built in.
  var rxSwift: RxSwiftWorkload? = nil
  /// Whether the workload is synchronous, so that the RxSwift target (at least 5× faster)
  /// and the geometric mean apply to it.
  var isSynchronous = false

  func describe(_ target: Target) -> (text: String, met: Bool?) {
    switch target {
    case .ratio(let peer, let max):
      guard let value = peers.first(where: { $0.name == peer })?.value, value > 0 else {
        return ("≤ \(format(max))× \(peer)", nil)
      }
      return ("≤ \(format(max))× \(peer)", ours / value <= max)
    case .absolute(let max):
      return ("≤ \(format(max)) ns", ours <= max)
    case .none:
      return ("report", nil)
    }
  }
}

func format(_ value: Double) -> String {
  if value >= 100 { return String(Int(value.rounded())) }
  if value >= 10 { return String((value * 10).rounded() / 10) }
  return String((value * 100).rounded() / 100)
}

/// Prints rows as a Markdown table: our figure, then each peer with our ratio to it.
func printTable(_ rows: [Row]) {
  print("| workload | ours (ns/el) | peers (ns/el, ours ÷ peer) | target | met |")
  print("|---|---:|---|---|---|")
  for row in rows {
    let peers = row.peers.map { peer in
      "\(peer.name) \(format(peer.value)) (\(format(row.ours / peer.value))×)"
    }.joined(separator: "; ")
    let targets = row.targets.map(row.describe)
    let targetText = targets.isEmpty ? "report" : targets.map(\.text).joined(separator: "; ")
    let met = targets.compactMap(\.met)
    let metText = met.isEmpty ? "—" : (met.allSatisfy { $0 } ? "yes" : "**no**")
    print(
      "| \(row.workload) | \(format(row.ours)) | \(peers.isEmpty ? "—" : peers) | \(targetText) | \(metText) |"
    )
  }
}

/// Adds the RxSwift figure of each row that has one, as a peer named "RxSwift", with the
/// target of at least 5× faster for the synchronous workloads.
func addingRxSwift(_ rows: [Row], figures: [RxSwiftWorkload: Double]) -> [Row] {
  rows.map { row in
    guard let key = row.rxSwift, let figure = figures[key] else { return row }
    var row = row
    row.peers.append((name: "RxSwift", value: figure))
    if row.isSynchronous { row.targets.append(.ratio(peer: "RxSwift", max: 0.2)) }
    return row
  }
}

/// Prints the geometric mean of RxSwift ÷ ours over the synchronous rows with an RxSwift
/// figure: how many times faster than RxSwift we are, on average.
func printRxSwiftSummary(_ rows: [Row]) {
  let ratios = rows.filter(\.isSynchronous).compactMap { row -> Double? in
    guard let rx = row.peers.first(where: { $0.name == "RxSwift" })?.value, row.ours > 0 else {
      return nil
    }
    return rx / row.ours
  }
  guard !ratios.isEmpty else { return }
  let mean = exp(ratios.map { log($0) }.reduce(0, +) / Double(ratios.count))
  let slowest = ratios.min() ?? 0
  print("")
  print(
    "RxSwift ÷ ours over \(ratios.count) synchronous workloads: geometric mean "
      + "\(format(mean))× (target ≥ 15×), slowest \(format(slowest))× (target ≥ 5×)")
}
