// The harness of the app-shaped benchmarks: timing, the rows they print, `--profile`.
//
// This file and the others in this folder are compiled twice: by the `app-benchmarks` target in
// Swift 5 language mode, and, through the symbolic links in Sources/app-benchmarks-swift6, by
// the `app-benchmarks-swift6` target in Swift 6 mode. The workloads (main.swift) are the same
// text in both; only the language mode, and so the overloads a call picks, differs.

#if canImport(Glibc)
  import Glibc
#endif

/// The language mode this copy of the benchmarks was compiled in.
#if swift(>=6)
  let languageMode = "Swift 6"
#else
  let languageMode = "Swift 5"
#endif

/// What an app's view model keeps: a sum the subscriptions' closures add to.
///
/// A class instance captured by the closures, as `self` is in app code.
final class Sink: @unchecked Sendable {
  // SAFETY: each workload uses its sinks from one thread (the main thread), and every
  // subscription in it delivers synchronously on that thread.
  var sum = 0
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Monotonic nanoseconds.
func nanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// One app-shaped workload: a body written in main.swift, run with a count of units.
struct AppWorkload {
  /// The name `--profile` and the parent `benchmarks` use ("w3-just-map").
  var key: String
  /// What the table says ("W3 just(1).map subscribe+dispose").
  var title: String
  /// The unit one count stands for ("element", "send", "cycle").
  var unit: String
  /// How many units a full timed run has.
  var count: Int
  /// Runs `count` units.
  var body: (Int) -> Void
}

/// The median ns per unit of `body(count)` over 7 timed runs after a warm-up.
func measure(count: Int, _ body: (Int) -> Void) -> Double {
  body(count)
  var samples: [Double] = []
  for _ in 0..<7 {
    let start = nanoseconds()
    body(count)
    samples.append(Double(nanoseconds() - start) / Double(count))
  }
  samples.sort()
  return samples[samples.count / 2]
}

/// Formats a figure as the `benchmarks` table does: 3 significant digits, integers above 100.
func format(_ value: Double) -> String {
  if value.isNaN { return "—" }
  if value >= 100 { return String(Int(value.rounded())) }
  if value >= 10 { return String((value * 10).rounded() / 10) }
  return String((value * 100).rounded() / 100)
}

/// Runs the command line: `--profile NAME N`, `--rows [--quick]` for the parent `benchmarks`,
/// or a table of this binary's rows.
func runAppBenchmarks(_ ours: [AppWorkload], rxSwift: [String: (Int) -> Void]) {
  let arguments = CommandLine.arguments
  if arguments.count >= 3, arguments[1] == "--profile" {
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 100_000 : 100_000
    if let workload = ours.first(where: { $0.key == arguments[2] }) {
      workload.body(count)
    } else if arguments[2].hasPrefix("rx-"), let body = rxSwift[String(arguments[2].dropFirst(3))] {
      body(count)
    } else {
      print("unknown profile \(arguments[2]); known: \(ours.map(\.key).joined(separator: ", "))")
      exit(2)
    }
    return
  }
  let scale = arguments.contains("--quick") ? 10 : 1
  let withRxSwift = !arguments.contains("--no-rxswift")
  if arguments.contains("--rows") {
    // One line per workload: key, ours, RxSwift (NaN without it), tab-separated.
    for workload in ours {
      let count = workload.count / scale
      let figure = measure(count: count, workload.body)
      let rx = withRxSwift ? rxSwift[workload.key].map { measure(count: count, $0) } : nil
      print("ROW\t\(workload.key)\t\(figure)\t\(rx ?? .nan)")
    }
    return
  }
  print("app-shaped workloads, \(languageMode) language mode: median of 7 timed runs, ns per unit")
  print("")
  print("| workload | unit | ours (ns) | RxSwift (ns) | RxSwift ÷ ours |")
  print("|---|---|---:|---:|---:|")
  for workload in ours {
    let count = workload.count / scale
    let figure = measure(count: count, workload.body)
    let rx = withRxSwift ? rxSwift[workload.key].map { measure(count: count, $0) } : nil
    let ratio = rx.map { format($0 / figure) + "×" } ?? "—"
    print(
      "| \(workload.title) | \(workload.unit) | \(format(figure)) | \(rx.map(format) ?? "—") "
        + "| \(ratio) |")
  }
}
