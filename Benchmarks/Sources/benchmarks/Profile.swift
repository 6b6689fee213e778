import ObservableCore

/// Runs one workload's body once with `count` elements (or cycles), untimed, for
/// `valgrind --tool=callgrind`.
///
///   valgrind --tool=callgrind .build/release/benchmarks --profile subject-map 100000
func runProfile(_ name: String, count: Int) {
  switch name {
  case "just-map": OurWorkloads.justMapCycles(count)
  case "subject-map": OurWorkloads.subjectMapCycles(count, subject: PublishSubject<Int>())
  case "subject-send": OurWorkloads.subjectSends(count, subscribers: 1)
  case "subject-floor": OurWorkloads.subjectFloor(count, subscribers: 1)
  case "flat-map-latest": OurWorkloads.flatMapLatestJust(count)
  case "flat-map": OurWorkloads.flatMapOf(count)
  case "concat": OurWorkloads.concatCycles(count)
  case "retry": OurWorkloads.retryCycles(count)
  case "catch": OurWorkloads.catchCycles(count)
  case "take-until": OurWorkloads.takeUntil(count)
  case "w1-range": OurWorkloads.rangeChain(count)
  case "w1-floor": OurWorkloads.chainFloor(count)
  case "create-10": OurWorkloads.create10Cycles(count)
  case "combine-latest": OurWorkloads.combineLatest(count)
  case "share-replay": OurWorkloads.shareReplay(count)
  case "app-chain": OurWorkloads.appChain(count)
  case "debounce-historical":
    OurWorkloads.timeOperator(count) { $0.debounce(.milliseconds(500), scheduler: $1) }
  case "throttle-historical":
    OurWorkloads.timeOperator(count) { $0.throttle(.milliseconds(500), scheduler: $1) }
  default:
    print("unknown profile \(name)")
  }
}
