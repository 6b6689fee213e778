import Foundation

/// One app-shaped workload's figures from the two app-benchmarks executables.
struct AppShapedRow {
  /// The key both executables print ("w3-just-map").
  var key: String
  /// The Swift 6-mode client's ns per unit.
  var swift6: Double
  /// The Swift 5-mode client's ns per unit.
  var swift5: Double
  /// RxSwift's ns per unit, measured by the Swift 5-mode executable (NaN without the peer).
  var rxSwift: Double
}

/// What each app-shaped key stands for in the table.
let appShapedTitles: [String: String] = [
  "w1-range": "W1 range→map→filter→map (per element)",
  "w2-subject-1": "W2 PublishSubject, 1 subscriber (per send)",
  "w2-subject-10": "W2 PublishSubject, 10 subscribers (per send)",
  "w3-just-map": "W3 just(1).map subscribe+dispose (per cycle)",
  "w3-subject-map": "W3 subject.map subscribe+dispose (per cycle)",
  "w15-main-chain": "W15 subject.observe(on: main).map.filter.map, sent on main (per send)",
  "w7-flat-map-latest": "W7 subject.flatMapLatest { just($0 * 2) } (per send)",
  "w8-combine-latest": "W8 combineLatest of two subjects (per send)",
  "w8-combine-latest-3": "W8 combineLatest of three subjects (per send)",
  "w9-share-replay": "W9 share(replay: 1), 4 subscribers (per send)",
  "w10-app-chain": "W10 subject.map.filter.scan.distinctUntilChanged (per send)",
  "w11-create": "W11 create { 10 elements } subscribe+dispose (per cycle)",
  "driver": "BehaviorRelay.asDriver().map.filter.drive(onNext:) (per accept)",
  "bind-relay": "subject.map.bind(to: BehaviorRelay) (per send)",
]

/// Runs one app-benchmarks executable beside this one with `--rows` and parses its rows:
/// key → (ours, RxSwift).
func runAppBenchmarks(_ name: String, arguments: [String]) -> [(String, Double, Double)]? {
  let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let executable = folder.appendingPathComponent(name)
  guard FileManager.default.isExecutableFile(atPath: executable.path) else { return nil }
  let process = Process()
  process.executableURL = executable
  process.arguments = ["--rows"] + arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  do { try process.run() } catch { return nil }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { return nil }
  return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
    let fields = line.split(separator: "\t").map(String.init)
    guard fields.count == 4, fields[0] == "ROW", let ours = Double(fields[2]) else { return nil }
    return (fields[1], ours, Double(fields[3]) ?? .nan)
  }
}

/// Measures the app-shaped workloads in both language modes (each in its own executable, run
/// one after the other from this process) and prints their table: Swift 5 mode against
/// Swift 6 mode, RxSwift against Swift 5 mode, and app-shaped W3 against this run's
/// library-shaped W3 (`libraryW3`: the W3 rows' figures, by key).
func printAppShaped(quick: Bool, libraryW3: [String: Double]) {
  let extra = quick ? ["--quick"] : []
  guard let swift6 = runAppBenchmarks("app-benchmarks-swift6", arguments: extra + ["--no-rxswift"]),
    let swift5 = runAppBenchmarks("app-benchmarks", arguments: extra)
  else {
    print("app-shaped workloads: app-benchmarks and app-benchmarks-swift6 not found beside this")
    print("executable; build the whole package (swift build -c release) to get them.")
    return
  }
  var rows: [AppShapedRow] = []
  for (key, ours5, rx) in swift5 {
    let ours6 = swift6.first { $0.0 == key }?.1 ?? .nan
    rows.append(AppShapedRow(key: key, swift6: ours6, swift5: ours5, rxSwift: rx))
  }
  print("App-shaped workloads (Benchmarks/Sources/app-benchmarks/main.swift: top-level code,")
  print("closures capturing a class instance, disposed(by:) and `_ =`), ns per unit, median of 7;")
  print("the Swift 5-mode and Swift 6-mode executables are compiled from the same text.")
  print("")
  print(
    "| workload | Swift 6 client | Swift 5 client | 5 ÷ 6 (≤ 1.1) | RxSwift | RxSwift ÷ Swift 5 "
      + "(≥ 8×) | met |")
  print("|---|---:|---:|---:|---:|---:|---|")
  var ratios: [Double] = []
  for row in rows {
    let modeRatio = row.swift5 / row.swift6
    let rxRatio = row.rxSwift / row.swift5
    var met = [modeRatio <= 1.1]
    if !rxRatio.isNaN {
      ratios.append(rxRatio)
      met.append(rxRatio >= 8)
    }
    print(
      "| \(appShapedTitles[row.key] ?? row.key) | \(format(row.swift6)) | \(format(row.swift5)) "
        + "| \(format(modeRatio))× | \(row.rxSwift.isNaN ? "—" : format(row.rxSwift)) "
        + "| \(rxRatio.isNaN ? "—" : format(rxRatio) + "×") "
        + "| \(met.allSatisfy { $0 } ? "yes" : "**no**") |")
  }
  if !ratios.isEmpty {
    let mean = exp(ratios.map { log($0) }.reduce(0, +) / Double(ratios.count))
    print("")
    print(
      "RxSwift ÷ ours (Swift 5 client) over \(ratios.count) app-shaped workloads: geometric "
        + "mean \(format(mean))× (target ≥ 20×), slowest \(format(ratios.min() ?? 0))× "
        + "(target ≥ 8×)")
  }
  for (key, library) in libraryW3.sorted(by: { $0.key < $1.key }) {
    guard let app = rows.first(where: { $0.key == key }) else { continue }
    print(
      "\(appShapedTitles[key] ?? key): app-shaped \(format(app.swift5)) ns (Swift 5), "
        + "\(format(app.swift6)) ns (Swift 6) against library-shaped \(format(library)) ns in "
        + "this run: \(format(app.swift5 / library))×, \(format(app.swift6 / library))× "
        + "(target ≤ 1.5×)")
  }
}
