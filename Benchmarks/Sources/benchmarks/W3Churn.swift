import ObservableCore
import OpenCombine

func w3(_ count: Int) -> [Row] {
  let justMap = measure(elements: count) { OurWorkloads.justMapCycles(count) }
  let combineJustMap = measure(elements: count) {
    for _ in 0..<count {
      Just(1).map { $0 + 1 }.sink { blackHole($0) }.cancel()
    }
  }
  let subject = PublishSubject<Int>()
  let subjectMap = measure(elements: count) {
    OurWorkloads.subjectMapCycles(count, subject: subject)
  }
  let passthrough = PassthroughSubject<Int, Never>()
  let combineSubjectMap = measure(elements: count) {
    for _ in 0..<count {
      passthrough.map { $0 + 1 }.sink { blackHole($0) }.cancel()
    }
  }
  return [
    Row(
      workload: "W3 just(1).map subscribe+dispose", ours: justMap,
      peers: [("OpenCombine", combineJustMap)], targets: [.ratio(peer: "OpenCombine", max: 0.25)],
      rxSwift: .w3JustMap, isSynchronous: true),
    Row(
      workload: "W3 subject.map subscribe+dispose", ours: subjectMap,
      peers: [("OpenCombine", combineSubjectMap)],
      targets: [.ratio(peer: "OpenCombine", max: 0.25)], rxSwift: .w3SubjectMap, isSynchronous: true
    ),
  ]
}
