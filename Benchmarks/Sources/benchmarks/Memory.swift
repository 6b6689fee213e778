import AsyncBridge
import Foundation
import ObservableCore

/// Runs one memory case in this process and prints its peak RSS (kB) and live resources.
func runMemoryChild(case name: String, count: Int) async {
  switch name {
  case "values-newest16":
    // A synchronous source pushes everything at once into a 16-element buffer.
    var received = 0
    do {
      for try await _ in Observable.range(start: 0, count: count)
        .values(bufferingPolicy: .bufferingNewest(16))
      {
        received += 1
      }
    } catch {}
    blackHole(received)
  case "subscribe-dispose":
    Resources.isTracking = true
    let subject = PublishSubject<Int>()
    for _ in 0..<count {
      subject.map { $0 + 1 }.subscribe(onNext: { blackHole($0) }).dispose()
    }
  default:
    break
  }
  print("\(peakRSSKilobytes()) \(Resources.total)")
}

/// Runs `case` in a child process and returns (peak RSS in kB, live resources at the end).
func measureMemory(case name: String, count: Int) -> (rss: Int, live: Int)? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["--memory-child", name, String(count)]
  let pipe = Pipe()
  process.standardOutput = pipe
  do { try process.run() } catch { return nil }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
  guard fields.count == 2, let rss = Int(fields[0]),
    let live = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines))
  else { return nil }
  return (rss, live)
}

func printMemory(quick: Bool) async {
  print("| memory case | N | peak RSS (MiB) | live resources after |")
  print("|---|---:|---:|---:|")
  let valuesCounts = quick ? [100_000, 1_000_000] : [100_000, 1_000_000, 10_000_000]
  for count in valuesCounts {
    report(
      "range(0, N).values(bufferingPolicy: .bufferingNewest(16))", count,
      measureMemory(case: "values-newest16", count: count))
  }
  let cycleCounts = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
  for count in cycleCounts {
    report(
      "subject.map subscribe + dispose cycles", count,
      measureMemory(case: "subscribe-dispose", count: count))
  }
}

private func report(_ name: String, _ count: Int, _ result: (rss: Int, live: Int)?) {
  guard let result else {
    print("| \(name) | \(count) | failed | — |")
    return
  }
  let mebibytes = (Double(result.rss) / 1024 * 10).rounded() / 10
  print("| \(name) | \(count) | \(mebibytes) | \(result.live) |")
}
