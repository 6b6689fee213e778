/// The workloads that have an RxSwift version.
///
/// RxSwiftPeer.swift writes each as an RxSwift user would. The RxSwift peer is built in only
/// when `RXSWIFT_PATH` is set; see Package.swift.
enum RxSwiftWorkload: Hashable, CaseIterable {
  case w1Range, w1Array
  case w2Subject1, w2Subject10, w2Relay1, w2Relay10
  case w3JustMap, w3SubjectMap
  case w4RangeValues
  case w5Prefilled
  case w7FlatMapLatest, w8CombineLatest, w9ShareReplay
  case w10AppChain, w11Create
  case w13Debounce, w13Throttle
  case w14ObserveOn

  /// The workload group ("W7") that `--only` selects.
  var group: String {
    switch self {
    case .w1Range, .w1Array: "W1"
    case .w2Subject1, .w2Subject10, .w2Relay1, .w2Relay10: "W2"
    case .w3JustMap, .w3SubjectMap: "W3"
    case .w4RangeValues: "W4"
    case .w5Prefilled: "W5"
    case .w7FlatMapLatest: "W7"
    case .w8CombineLatest: "W8"
    case .w9ShareReplay: "W9"
    case .w10AppChain: "W10"
    case .w11Create: "W11"
    case .w13Debounce, .w13Throttle: "W13"
    case .w14ObserveOn: "W14"
    }
  }
}
