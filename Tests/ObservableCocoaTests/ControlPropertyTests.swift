import Dispatch
import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("ControlProperty")
@MainActor
struct ControlPropertyTests {
  @Test("sends the current value, then the user's edits, never the program's sets")
  func values() {
    let field = FakeTextField(text: "a")
    let seen = Box<[String?]>([])
    let subscription = field.rxText.subscribe(onNext: { seen.append($0) })
    field.simulateUserEdit("b")
    field.rxText.onNext("set by the program")
    field.simulateUserEdit(nil)
    expectEqual(seen.value, ["a", "b", nil])
    #expect(field.text == nil)
    subscription.dispose()
  }

  @Test("as an observer, sets each element on the control through the value sink")
  func observer() {
    let field = FakeTextField()
    let property = field.rxText
    property.onNext("x")
    property.on(.next("y"))
    expectEqual(field.programmaticSets, ["x", "y"])
    expectEqual(field.text, "y")
  }

  @Test("completion goes to the value sink; an error does not")
  func terminalEvents() {
    let sunk = Box<[String]>([])
    let property = ControlProperty<Int>(
      values: Observable<Int>.never(),
      valueSink: AnyObserver { event in sunk.append("\(event)") })
    property.onNext(1)
    property.onCompleted()
    expectEqual(sunk.value, ["next(1)", "completed"])
  }

  @Test("completes when the control is released")
  func completesOnRelease() {
    var field: FakeTextField? = FakeTextField(text: "a")
    let completed = Box(false)
    let subscription = field!.rxText.subscribe(onCompleted: { completed.mutate { $0 = true } })
    #expect(!completed.value)
    field = nil
    #expect(completed.value)
    subscription.dispose()
  }

  @Test("changed skips the value the control had when subscribed to")
  func changed() {
    let field = FakeTextField(text: "a")
    let seen = Box<[String?]>([])
    let subscription = field.rxText.changed.subscribe(onNext: { seen.append($0) })
    #expect(seen.value.isEmpty)
    field.simulateUserEdit("b")
    field.simulateUserEdit("b")
    expectEqual(seen.value, ["b", "b"])
    subscription.dispose()
  }

  @Test("orEmpty reads nil as the empty string and sets strings on the original property")
  func orEmpty() {
    let field = FakeTextField(text: nil)
    let text: ControlProperty<String> = field.rxText.orEmpty
    let seen = Box<[String]>([])
    let subscription = text.subscribe(onNext: { seen.append($0) })
    field.simulateUserEdit("typed")
    field.simulateUserEdit(nil)
    text.onNext("set")
    expectEqual(seen.value, ["", "typed", ""])
    expectEqual(field.programmaticSets, ["set"])
    subscription.dispose()
  }

  @Test("asControlProperty and asObservable give the same values")
  func conversions() {
    let field = FakeTextField(text: "a")
    let seen = Box<[String?]>([])
    let a = field.rxText.asControlProperty().subscribe(onNext: { seen.append($0) })
    let b = field.rxText.asObservable().subscribe(onNext: { seen.append($0) })
    expectEqual(seen.value, ["a", "a"])
    a.dispose()
    b.dispose()
  }

  @Test("asDriver delivers the values on the sharing scheduler and replays the latest")
  func asDriver() {
    let field = FakeTextField(text: "a")
    let seen = Box<[String]>([])
    let driver = SharingScheduler.mock(scheduler: SynchronousScheduler()) {
      field.rxText.orEmpty.asDriver()
    }
    let first = driver.drive(onNext: { seen.append("first \($0)") })
    field.simulateUserEdit("b")
    let late = driver.drive(onNext: { seen.append("late \($0)") })
    expectEqual(seen.value, ["first a", "first b", "late b"])
    first.dispose()
    late.dispose()
  }

  @Test("a subscription made on the main queue subscribes to the values at once")
  func subscribesAtOnceOnMain() async {
    let subscribed = Box(0)
    let property = ControlProperty<Int>(
      values: Observable.create { _ in
        subscribed.mutate { $0 += 1 }
        return Disposables.create()
      },
      valueSink: AnyObserver { _ in })
    let direct = property.subscribe(onNext: { _ in })
    #expect(subscribed.value == 1)
    // Also while MainScheduler.instance is running an action, when it queues its own new
    // work: subscribing does not wait behind it (RxCocoa's ConcurrentMainScheduler).
    let nested = Box<(any Disposable)?>(nil)
    let ran = Box(false)
    _ = MainScheduler.instance.schedule(()) { _ in
      let before = subscribed.value
      nested.mutate { $0 = property.subscribe(onNext: { _ in }) }
      #expect(subscribed.value == before + 1)
      ran.mutate { $0 = true }
      return Disposables.create()
    }
    #expect(await eventually { ran.value })
    #expect(subscribed.value == 2)
    direct.dispose()
    nested.value?.dispose()
  }

  @Test(
    "a subscription made off the main queue subscribes to the values on it",
    .timeLimit(.minutes(1)))
  nonisolated func subscribesOnMain() async {
    let onMain = Box<[Bool]>([])
    let property = ControlProperty<Int>(
      values: Observable.create { _ in
        onMain.append(MainScheduler.isOnMainQueue)
        return Disposables.create()
      },
      valueSink: AnyObserver { _ in })
    #expect(!MainScheduler.isOnMainQueue)
    let subscription = property.subscribe(onNext: { _ in })
    // The subscription was queued on the main queue before this; the main actor runs there.
    await MainActor.run {}
    expectEqual(onMain.value, [true])
    subscription.dispose()
  }
}
