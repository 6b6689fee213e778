// Benchmarks: ns per element, the median of several timed runs after a warm-up, with every
// peer measured in the same process. Build with exactly `swift build -c release`.
//
//   .build/release/benchmarks            full run, Markdown table on stdout
//   .build/release/benchmarks --quick    smaller N, for a smoke test
//   .build/release/benchmarks --only W7,W11   only those workloads (with their peers);
//                                             APP: the app-shaped table (app-benchmarks)
//   .build/release/benchmarks --memory-child CASE N   (internal: one memory measurement)
//   .build/release/benchmarks --profile NAME [N]      (one workload, untimed, for callgrind;
//                                                     the bridge ones are in BridgeProfiles.swift)

import Dispatch

let arguments = CommandLine.arguments
if arguments.count >= 3, arguments[1] == "--profile" {
  let count = arguments.count > 3 ? Int(arguments[3]) ?? 100_000 : 100_000
  // The bridge profiles run in a task while this thread blocks: under valgrind, a main thread
  // parked in the main queue's loop crashes the tool, so the main actor cannot be used here.
  let name = arguments[2]
  let finished = DispatchSemaphore(value: 0)
  let known = Accumulator()
  Task.detached {
    known.total = await runBridgeProfile(name, count: count) ? 1 : 0
    finished.signal()
  }
  finished.wait()
  if known.total == 0 { runProfile(name, count: count) }
} else if arguments.count >= 4, arguments[1] == "--memory-child" {
  await runMemoryChild(case: arguments[2], count: Int(arguments[3]) ?? 0)
} else {
  let quick = arguments.contains("--quick")
  if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
    selectedGroups = Set(arguments[index + 1].split(separator: ",").map(String.init))
  }
  let scale = quick ? 10 : 1
  let allocation = calibrateAllocation()
  let mutex = calibrateMutex()
  print("calibration: alloc+release one object \(format(allocation)) ns")
  print("calibration: uncontended Mutex lock/unlock \(format(mutex)) ns")
  print("runs: median of \(timedRuns) timed runs after 1 warm-up, ns per element")
  print("")

  let sizes = Sizes(scale: scale)
  var rows: [Row] = []
  currentGroup = "W1"
  rows += await w1(sizes.chain)
  currentGroup = "W2"
  rows += w2(sizes.subject)
  currentGroup = "W3"
  rows += w3(sizes.churn)
  currentGroup = "W6"
  let (floors, floorRows) = await w6(sizes.bridge)
  currentGroup = "W4"
  rows += await w4(sizes.bridge, floors: floors)
  currentGroup = "W5"
  rows += await w5(sizes.bridge, floors: floors)
  rows += floorRows
  currentGroup = "W7"
  rows += w7(sizes.flatMapLatest)
  currentGroup = "W8"
  rows += w8(sizes.combineLatest, calibratedMutex: mutex)
  currentGroup = "W9"
  rows += w9(sizes.share)
  currentGroup = "W10"
  rows += w10(sizes.appChain)
  currentGroup = "W11"
  rows += w11(sizes.create)
  currentGroup = "W12"
  rows += await w12(sizes.bridge)
  currentGroup = "W13"
  rows += w13(sizes.timeOperators)
  currentGroup = "W14"
  rows += w14(sizes.observeOn)
  rows = addingRxSwift(rows, figures: await measureRxSwift(sizes))
  let libraryW3 = [
    "w3-just-map": rows.first { $0.rxSwift == .w3JustMap }?.ours,
    "w3-subject-map": rows.first { $0.rxSwift == .w3SubjectMap }?.ours,
  ].compactMapValues { $0 }.filter { !$0.value.isNaN }
  rows.removeAll { $0.ours.isNaN }
  printTable(rows)
  printRxSwiftSummary(rows)
  print("")
  if selectedGroups == nil || selectedGroups?.contains("APP") == true {
    printAppShaped(quick: quick, libraryW3: libraryW3)
    print("")
  }
  if selectedGroups == nil { await printMemory(quick: quick) }
}
