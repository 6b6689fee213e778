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
    let targetText = targets.map(\.text).joined(separator: "; ")
    let met = targets.compactMap(\.met)
    let metText = met.isEmpty ? "—" : (met.allSatisfy { $0 } ? "yes" : "**no**")
    print(
      "| \(row.workload) | \(format(row.ours)) | \(peers.isEmpty ? "—" : peers) | \(targetText) | \(metText) |"
    )
  }
}
