import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// Calls `body` from `threads` threads at once, as close together as a barrier allows.
private func concurrently(threads: Int = 8, _ body: @escaping @Sendable (Int) -> Void) {
  let ready = _Atomic<Int>(0)
  DispatchQueue.concurrentPerform(iterations: threads) { index in
    ready.add(1, ordering: .sequentiallyConsistent)
    // Spin until every thread has arrived (bounded, in case fewer run in parallel).
    var spins = 0
    while ready.load(ordering: .sequentiallyConsistent) < threads, spins < 100_000 { spins += 1 }
    body(index)
  }
}

/// Counts its disposals.
private final class CountingDisposable: Cancelable {
  private let count = _Atomic<Int>(0)
  var disposals: Int { count.load(ordering: .sequentiallyConsistent) }
  var isDisposed: Bool { disposals > 0 }
  func dispose() { count.add(1, ordering: .sequentiallyConsistent) }
}

@Suite("Disposables")
struct DisposablesTests {
  @Test("create() returns a disposable that does nothing, any number of times")
  func nop() {
    let disposable = Disposables.create()
    disposable.dispose()
    disposable.dispose()
  }

  @Test("create(with:) runs its action once, however often it is disposed")
  func anonymousRunsOnce() {
    let runs = Box(0)
    let disposable = Disposables.create(with: { runs.value += 1 })
    #expect(!disposable.isDisposed)
    expectEqual(runs.value, 0)
    disposable.dispose()
    #expect(disposable.isDisposed)
    disposable.dispose()
    expectEqual(runs.value, 1)
  }

  @Test("create(with:) runs its action once when disposed from many threads at once")
  func anonymousThreadSafe() {
    for _ in 0..<50 {
      let runs = _Atomic<Int>(0)
      let disposable = Disposables.create(with: { runs.add(1, ordering: .relaxed) })
      concurrently { _ in disposable.dispose() }
      expectEqual(runs.load(ordering: .relaxed), 1)
    }
  }

  @Test("create(with:) releases its action's captures once disposed")
  func anonymousReleasesAction() {
    weak var weakTracked: Tracked?
    var disposable: (any Cancelable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      disposable = Disposables.create(with: { [tracked] in _ = tracked })
    }
    #expect(weakTracked != nil)
    disposable?.dispose()
    #expect(weakTracked == nil)
    _ = disposable
  }

  @Test("the action may dispose its own disposable again without deadlocking")
  func anonymousReentrant() {
    let runs = Box(0)
    let holder = Box<(any Disposable)?>(nil)
    let disposable = Disposables.create(with: {
      runs.value += 1
      holder.value?.dispose()
    })
    holder.value = disposable
    disposable.dispose()
    expectEqual(runs.value, 1)
    holder.value = nil
  }

  @Test("create(_:_:), create(_:_:_:) and create([...]) dispose every member once")
  func composites() {
    let a = CountingDisposable()
    let b = CountingDisposable()
    let c = CountingDisposable()
    let two = Disposables.create(a, b)
    two.dispose()
    two.dispose()
    #expect(two.isDisposed)
    #expect(a.disposals == 1 && b.disposals == 1)
    let three = Disposables.create(a, b, c)
    three.dispose()
    #expect(a.disposals == 2 && b.disposals == 2 && c.disposals == 1)
    let array = Disposables.create([a, c])
    #expect(!array.isDisposed)
    array.dispose()
    #expect(a.disposals == 3 && c.disposals == 2)
  }
}

@Suite("BooleanDisposable")
struct BooleanDisposableTests {
  @Test("reports disposal, idempotently, from any thread")
  func flag() {
    let disposable = BooleanDisposable()
    #expect(!disposable.isDisposed)
    concurrently { _ in disposable.dispose() }
    #expect(disposable.isDisposed)
    disposable.dispose()
    #expect(disposable.isDisposed)
    #expect(BooleanDisposable(isDisposed: true).isDisposed)
    #expect(!BooleanDisposable(isDisposed: false).isDisposed)
  }
}

@Suite("CompositeDisposable")
struct CompositeDisposableTests {
  @Test("disposes every member once, and members inserted later at once")
  func disposesMembers() {
    let a = CountingDisposable()
    let b = CountingDisposable()
    let composite = CompositeDisposable(a, b)
    expectEqual(composite.count, 2)
    #expect(!composite.isDisposed)
    composite.dispose()
    composite.dispose()
    #expect(composite.isDisposed)
    #expect(a.disposals == 1 && b.disposals == 1)
    expectEqual(composite.count, 0)
    let late = CountingDisposable()
    #expect(composite.insert(late) == nil)
    expectEqual(late.disposals, 1)
  }

  @Test("remove(for:) disposes and forgets one member")
  func remove() {
    let composite = CompositeDisposable()
    let a = CountingDisposable()
    let b = CountingDisposable()
    let keyA = composite.insert(a)
    let keyB = composite.insert(b)
    #expect(keyA != nil && keyB != nil && keyA != keyB)
    if let keyA { composite.remove(for: keyA) }
    expectEqual(a.disposals, 1)
    expectEqual(composite.count, 1)
    if let keyA { composite.remove(for: keyA) }
    expectEqual(a.disposals, 1)
    composite.dispose()
    #expect(a.disposals == 1 && b.disposals == 1)
    let three = CompositeDisposable(a, b, CountingDisposable())
    expectEqual(three.count, 3)
    expectEqual(CompositeDisposable(disposables: [a, b]).count, 2)
  }

  @Test("a member may insert into or dispose the composite from its dispose")
  func reentrant() {
    let composite = CompositeDisposable()
    let inserted = CountingDisposable()
    composite.insert(
      Disposables.create(with: {
        composite.insert(inserted)
        composite.dispose()
      }))
    composite.dispose()
    expectEqual(inserted.disposals, 1)
  }

  @Test("concurrent inserts, removes and disposes dispose every member exactly once")
  func threadSafe() {
    for _ in 0..<20 {
      let composite = CompositeDisposable()
      let members = (0..<64).map { _ in CountingDisposable() }
      concurrently { thread in
        for (index, member) in members.enumerated() where index % 8 == thread {
          if let key = composite.insert(member), index % 3 == 0 { composite.remove(for: key) }
        }
        if thread == 7 { composite.dispose() }
      }
      composite.dispose()
      #expect(members.allSatisfy { $0.disposals == 1 })
    }
  }
}

@Suite("SerialDisposable")
struct SerialDisposableTests {
  @Test("replacing the disposable disposes the previous one")
  func replaces() {
    let serial = SerialDisposable()
    let a = CountingDisposable()
    let b = CountingDisposable()
    serial.disposable = a
    expectEqual(a.disposals, 0)
    serial.disposable = b
    #expect(a.disposals == 1 && b.disposals == 0)
    #expect((serial.disposable as? CountingDisposable) === b)
    serial.dispose()
    serial.dispose()
    #expect(serial.isDisposed)
    expectEqual(b.disposals, 1)
  }

  @Test("after disposal, an assigned disposable is disposed at once")
  func afterDispose() {
    let serial = SerialDisposable()
    serial.dispose()
    let late = CountingDisposable()
    serial.disposable = late
    expectEqual(late.disposals, 1)
  }

  @Test("the replaced disposable may assign again from its dispose without deadlocking")
  func reentrant() {
    let serial = SerialDisposable()
    let next = CountingDisposable()
    let replacement = CountingDisposable()
    serial.disposable = Disposables.create(with: { serial.disposable = next })
    serial.disposable = replacement
    expectEqual(replacement.disposals, 1)
    #expect((serial.disposable as? CountingDisposable) === next)
    serial.dispose()
    expectEqual(next.disposals, 1)
  }

  @Test("concurrent assignments and disposal leave nothing undisposed")
  func threadSafe() {
    for _ in 0..<20 {
      let serial = SerialDisposable()
      let members = (0..<64).map { _ in CountingDisposable() }
      concurrently { thread in
        for (index, member) in members.enumerated() where index % 8 == thread {
          serial.disposable = member
        }
        if thread == 3 { serial.dispose() }
      }
      serial.dispose()
      #expect(members.allSatisfy { $0.disposals == 1 })
    }
  }
}

@Suite("SingleAssignmentDisposable")
struct SingleAssignmentDisposableTests {
  @Test("disposes the assigned disposable once")
  func assignedThenDisposed() {
    let single = SingleAssignmentDisposable()
    let a = CountingDisposable()
    single.setDisposable(a)
    #expect(!single.isDisposed)
    single.dispose()
    single.dispose()
    #expect(single.isDisposed)
    expectEqual(a.disposals, 1)
  }

  @Test("a disposable assigned after disposal is disposed at once")
  func disposedThenAssigned() {
    let single = SingleAssignmentDisposable()
    single.dispose()
    #expect(single.isDisposed)
    let a = CountingDisposable()
    single.setDisposable(a)
    expectEqual(a.disposals, 1)
  }

  @Test("a second assignment is disposed and ignored instead of crashing")
  func secondAssignment() {
    let single = SingleAssignmentDisposable()
    let first = CountingDisposable()
    let second = CountingDisposable()
    single.setDisposable(first)
    single.setDisposable(second)
    expectEqual(second.disposals, 1)
    expectEqual(first.disposals, 0)
    single.dispose()
    expectEqual(first.disposals, 1)
  }

  @Test("assignment racing disposal disposes the disposable exactly once")
  func threadSafe() {
    for _ in 0..<200 {
      let single = SingleAssignmentDisposable()
      let member = CountingDisposable()
      concurrently(threads: 4) { thread in
        if thread == 0 { single.setDisposable(member) } else { single.dispose() }
      }
      expectEqual(member.disposals, 1)
    }
  }
}

@Suite("DisposeBag")
struct DisposeBagTests {
  @Test("disposes everything it holds when deallocated, and not before")
  func disposesOnDeinit() {
    let a = CountingDisposable()
    let b = CountingDisposable()
    let c = CountingDisposable()
    var bag: DisposeBag? = DisposeBag()
    weak let weakBag = bag
    a.disposed(by: bag!)
    bag?.insert(b)
    bag?.insert([c])
    #expect(a.disposals == 0 && b.disposals == 0 && c.disposals == 0)
    bag = nil
    #expect(weakBag == nil)
    #expect(a.disposals == 1 && b.disposals == 1 && c.disposals == 1)
  }

  @Test("a subscription added with disposed(by:) ends when the bag goes away")
  func subscriptions() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      var bag = DisposeBag()
      subject.subscribe(onNext: { value in received.mutate { $0.append(value) } })
        .disposed(by: bag)
      subject.onNext(1)
      bag = DisposeBag()
      subject.onNext(2)
      expectEqual(received.value, [1])
      #expect(!subject.hasObservers)
      _ = bag
    }
  }

  @Test("insert(_:...) and init(disposing:) add several disposables")
  func variadic() {
    let a = CountingDisposable()
    let b = CountingDisposable()
    let c = CountingDisposable()
    let d = CountingDisposable()
    var bag: DisposeBag? = DisposeBag(disposing: a, b)
    bag?.insert(c, d)
    bag = nil
    #expect([a, b, c, d].allSatisfy { $0.disposals == 1 })
    var arrayBag: DisposeBag? = DisposeBag(disposing: [a])
    _ = arrayBag
    arrayBag = nil
    #expect(a.disposals == 2)
  }

  @Test("concurrent inserts from many threads are all disposed with the bag")
  func threadSafe() {
    let members = (0..<256).map { _ in CountingDisposable() }
    do {
      let bag = DisposeBag()
      concurrently { thread in
        for (index, member) in members.enumerated() where index % 8 == thread {
          bag.insert(member)
        }
      }
      #expect(members.allSatisfy { $0.disposals == 0 })
    }
    #expect(members.allSatisfy { $0.disposals == 1 })
  }
}
