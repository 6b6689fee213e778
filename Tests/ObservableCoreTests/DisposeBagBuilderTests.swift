import ObservableCore
import ObservableTesting
import Testing

@Suite("DisposeBag builder")
struct DisposeBagBuilderTests {
  @Test("DisposeBag { ... } holds each listed disposable until the bag goes away")
  func initBuilder() {
    let members = (0..<3).map { _ in DisposalCounter() }
    do {
      let bag = DisposeBag {
        members[0]
        members[1]
        members[2]
      }
      _ = bag
      #expect(members.allSatisfy { $0.disposals == 0 })
    }
    #expect(members.allSatisfy { $0.disposals == 1 })
  }

  @Test("insert { ... } adds each listed disposable; if, else and for choose the lines")
  func insertBuilder() {
    let first = DisposalCounter()
    let skipped = DisposalCounter()
    let chosen = DisposalCounter()
    let repeated = (0..<3).map { _ in DisposalCounter() }
    let included = true
    do {
      let bag = DisposeBag()
      bag.insert {
        first
        if !included { skipped }
        if included { chosen } else { skipped }
        for member in repeated { member }
      }
      #expect(chosen.disposals == 0)
    }
    #expect(first.disposals == 1)
    #expect(chosen.disposals == 1)
    #expect(skipped.disposals == 0)
    #expect(repeated.allSatisfy { $0.disposals == 1 })
  }

  @Test("insert(_:...) adds several disposables at once")
  func insertVariadic() {
    let members = (0..<4).map { _ in DisposalCounter() }
    do {
      let bag = DisposeBag()
      bag.insert(members[0], members[1], members[2], members[3])
    }
    #expect(members.allSatisfy { $0.disposals == 1 })
  }

  @Test("subscriptions listed in the builder end with the bag and release their captures")
  func subscriptions() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      do {
        let tracked = Tracked()
        weakTracked = tracked
        let bag = DisposeBag {
          subject.subscribe(onNext: { value in
            _ = tracked
            received.mutate { $0.append(value) }
          })
          subject.bind(onNext: { value in received.mutate { $0.append(value * 10) } })
        }
        subject.onNext(1)
        _ = bag
      }
      subject.onNext(2)
      expectEqual(received.value, [1, 10])
      #expect(weakTracked == nil)
    }
  }
}
