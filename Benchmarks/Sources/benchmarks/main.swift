// Benchmarks: ns per element, the median of several timed runs after a warm-up, with every
// peer measured in the same process. Build with exactly `swift build -c release`.
//
//   .build/release/benchmarks            full run, Markdown table on stdout
//   .build/release/benchmarks --quick    smaller N, for a smoke test
//   .build/release/benchmarks --memory-child CASE N   (internal: one memory measurement)
//   .build/release/benchmarks --profile NAME [N]      (one workload, untimed, for callgrind)

import Dispatch

let arguments = CommandLine.arguments
if arguments.count >= 3, arguments[1] == "--profile" {
  runProfile(arguments[2], count: arguments.count > 3 ? Int(arguments[3]) ?? 100_000 : 100_000)
} else if arguments.count >= 4, arguments[1] == "--memory-child" {
  await runMemoryChild(case: arguments[2], count: Int(arguments[3]) ?? 0)
} else {
  let quick = arguments.contains("--quick")
  let scale = quick ? 10 : 1
  let allocation = calibrateAllocation()
  let mutex = calibrateMutex()
  print("calibration: alloc+release one object \(format(allocation)) ns")
  print("calibration: uncontended Mutex lock/unlock \(format(mutex)) ns")
  print("runs: median of \(timedRuns) timed runs after 1 warm-up, ns per element")
  print("")

  let sizes = Sizes(scale: scale)
  var rows: [Row] = []
  rows += await w1(sizes.chain)
  rows += w2(sizes.subject)
  rows += w3(sizes.churn)
  let (floors, floorRows) = await w6(sizes.bridge)
  rows += await w4(sizes.bridge, floors: floors)
  rows += await w5(sizes.bridge, floors: floors)
  rows += floorRows
  rows += w7(sizes.flatMapLatest)
  rows += w8(sizes.combineLatest, calibratedMutex: mutex)
  rows += w9(sizes.share)
  rows += w10(sizes.appChain)
  rows += w11(sizes.create)
  rows += await w12(sizes.bridge)
  rows += w13(sizes.timeOperators)
  rows += w14(sizes.observeOn)
  rows = addingRxSwift(rows, figures: await measureRxSwift(sizes))
  printTable(rows)
  printRxSwiftSummary(rows)
  print("")
  await printMemory(quick: quick)
}
