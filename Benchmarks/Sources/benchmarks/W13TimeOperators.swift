import Foundation
import ObservableCore
import ObservableTesting

/// `debounce` and `throttle` per event, on a virtual-time scheduler: each element is sent,
/// then the scheduler advances a second, so every element's timer is scheduled and fires
/// (debounce) or the window opens again (throttle).
func w13(_ count: Int) -> [Row] {
  func timed(_ apply: (Observable<Int>, HistoricalScheduler) -> Observable<Int>) -> Double {
    measure(elements: count) { OurWorkloads.timeOperator(count, apply) }
  }
  let debounce = timed { $0.debounce(.milliseconds(500), scheduler: $1) }
  let throttle = timed { $0.throttle(.milliseconds(500), scheduler: $1) }
  return [
    Row(
      workload: "W13 debounce on a HistoricalScheduler (per event)", ours: debounce, peers: [],
      targets: [], rxSwift: .w13Debounce),
    Row(
      workload: "W13 throttle on a HistoricalScheduler (per event)", ours: throttle, peers: [],
      targets: [], rxSwift: .w13Throttle),
  ]
}
