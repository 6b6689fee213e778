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

  var rows: [Row] = []
  rows += await w1(1_000_000 / scale)
  rows += w2(1_000_000 / scale)
  rows += w3(100_000 / scale)
  let (floors, floorRows) = await w6(200_000 / scale)
  rows += await w4(200_000 / scale, floors: floors)
  rows += await w5(200_000 / scale, floors: floors)
  rows += floorRows
  rows += w7(200_000 / scale)
  rows += w8(1_000_000 / scale, calibratedMutex: mutex)
  rows += w9(500_000 / scale)
  printTable(rows)
  print("")
  await printMemory(quick: quick)
}
