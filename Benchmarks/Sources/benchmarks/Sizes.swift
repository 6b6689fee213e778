/// How many elements (or cycles) each workload runs, shared by our code and the peers.
struct Sizes {
  var chain: Int
  var subject: Int
  var churn: Int
  var bridge: Int
  var flatMapLatest: Int
  var combineLatest: Int
  var share: Int
  var appChain: Int
  var create: Int
  var timeOperators: Int
  var observeOn: Int

  /// The full sizes, divided by `scale` (10 for `--quick`).
  init(scale: Int) {
    chain = 1_000_000 / scale
    subject = 1_000_000 / scale
    churn = 100_000 / scale
    bridge = 200_000 / scale
    flatMapLatest = 200_000 / scale
    combineLatest = 1_000_000 / scale
    share = 500_000 / scale
    appChain = 1_000_000 / scale
    create = 100_000 / scale
    timeOperators = 200_000 / scale
    observeOn = 200_000 / scale
  }
}
