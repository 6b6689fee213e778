import Dispatch
import Foundation
import ObservableCore
import ObservableTesting
import Testing

/// A `Sendable` stand-in for a control: records what was set on it, and when.
private final class Label: Sendable {
  private let state = Box<[String]>([])
  private let onSet: (@Sendable (String) -> Void)?

  init(onSet: (@Sendable (String) -> Void)? = nil) {
    self.onSet = onSet
  }

  /// Everything set on the label, in order.
  var log: [String] { state.value }

  /// The text, written by key path through `rx`.
  var text: String {
    get { state.value.last ?? "" }
    set {
      state.mutate { $0.append(newValue) }
      onSet?(newValue)
    }
  }

  func set(_ text: String) {
    self.text = text
  }
}

/// A main-actor view model, as RxSwift code has with UIKit: isolated state, no locks.
@MainActor
private final class ProfileViewModel: ReactiveCompatible {
  var title = "" {
    didSet {
      titleSetOnMainQueue.append(MainScheduler.isOnMainQueue)
      titleSet?(title)
    }
  }
  var titleSetOnMainQueue: [Bool] = []
  var titleSet: ((String) -> Void)?
}

extension Label: ReactiveCompatible {}

@Suite("Binder")
struct BinderTests {
  @Test("hands each element to the binding on its scheduler, not on the caller's thread")
  func deliversOnScheduler() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let log = Box<[String]>([])
      let label = Label()
      let binder = Binder<String>(label, scheduler: scheduler) { label, text in
        label.set(text)
        log.mutate { $0.append("\(text) at \(scheduler.clock)") }
      }
      let xs = scheduler.createHotObservable([
        .next(150, "a"), .next(210, "b"), .next(220, "c"), .completed(300),
      ])
      scheduler.scheduleAt(200) { _ = xs.bind(to: binder) }
      binder.on(.next("direct"))
      expectEqual(label.log, [], "the binding waits for the scheduler")
      scheduler.start()
      // TestScheduler, as RxTest's, runs work scheduled for "now" one tick later.
      expectEqual(log.value, ["direct at 1", "b at 211", "c at 221"])
      expectEqual(label.log, ["direct", "b", "c"])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("runs the binding on the scheduler's queue")
  func deliversOnOperationQueue() async {
    await withLeakChecking {
      let queue = OperationQueue()
      let label = Label()
      let onQueue = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
        let binder = Binder<String>(
          label, scheduler: OperationQueueScheduler(operationQueue: queue)
        ) { _, _ in
          done.resume(returning: OperationQueue.current === queue)
        }
        binder.on(.next("x"))
      }
      #expect(onQueue)
    }
  }

  @Test("ignores completion")
  func completion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let label = Label()
      let binder = Binder<String>(label, scheduler: scheduler) { label, text in label.set(text) }
      _ = Observable.of("a").bind(to: binder)
      binder.on(.completed)
      scheduler.start()
      expectEqual(label.log, ["a"])
    }
  }

  @Test("an error goes to Hooks.defaultErrorHandler instead of crashing; binding goes on")
  func error() {
    withLeakChecking {
      let reported = UnhandledErrors.recorder()
      let marker = TestError(id: 12_101)
      let scheduler = TestScheduler(initialClock: 0)
      let label = Label()
      let binder = Binder<String>(label, scheduler: scheduler) { label, text in label.set(text) }
      let xs = scheduler.createHotObservable([.next(210, "a"), .error(220, marker)])
      scheduler.scheduleAt(200) { _ = xs.bind(to: binder) }
      scheduler.start()
      expectEqual(label.log, ["a"])
      expectEqual(reported.reports(of: marker).count, 1)
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("does not retain its target; elements for a released target are dropped")
  func weakTarget() {
    weak var weakLabel: Label?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let calls = Box(0)
      let binder: Binder<String>
      do {
        let label = Label()
        weakLabel = label
        binder = Binder(label, scheduler: scheduler) { label, text in
          calls.mutate { $0 += 1 }
          label.set(text)
        }
        binder.on(.next("queued while alive"))
      }
      #expect(weakLabel == nil)
      binder.on(.next("after release"))
      scheduler.start()
      expectEqual(calls.value, 0)
    }
  }

  @Test("bind(to:) a binder: disposing the binding releases the binder's captures")
  func bindingRelease() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let label = Label()
      let subject = PublishSubject<String>()
      do {
        let tracked = Tracked()
        weakTracked = tracked
        let binder = Binder<String>(label, scheduler: scheduler) { label, text in
          _ = tracked
          label.set(text)
        }
        let binding = subject.bind(to: binder)
        subject.onNext("a")
        binding.dispose()
        subject.onNext("b")
      }
      scheduler.start()
      expectEqual(label.log, ["a"])
      #expect(weakTracked == nil)
    }
  }

  @Test(
    "the default scheduler runs the binding on the main actor, queued when called elsewhere")
  func mainActorFromBackground() async {
    let viewModel = await ProfileViewModel()
    let binder = Binder<String>(viewModel) { viewModel, title in viewModel.title = title }
    let title = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
      Task { @MainActor in
        viewModel.titleSet = { title in done.resume(returning: title) }
        DispatchQueue.global().async { binder.on(.next("from a background queue")) }
      }
    }
    expectEqual(title, "from a background queue")
    #expect(await viewModel.titleSetOnMainQueue == [true])
  }

  @Test("the default scheduler runs the binding at once when called on the main actor")
  @MainActor
  func mainActorInline() {
    let viewModel = ProfileViewModel()
    let binder = Binder<String>(viewModel) { viewModel, title in viewModel.title = title }
    binder.on(.next("inline"))
    expectEqual(viewModel.title, "inline")
    expectEqual(viewModel.titleSetOnMainQueue, [true])
  }

  @Test("a MainScheduler given explicitly also runs the binding on the main actor")
  @MainActor
  func explicitMainScheduler() {
    let viewModel = ProfileViewModel()
    // A MainScheduler of its own, so that work other tests queue on `instance` cannot make it
    // queue instead of running at once.
    let binder = Binder<String>(viewModel, scheduler: MainScheduler()) { model, title in
      model.title = title
    }
    binder.on(.next("explicit"))
    expectEqual(viewModel.title, "explicit")
  }
}

@Suite("Reactive binders")
struct ReactiveBinderTests {
  @Test("rx.property of a @MainActor view model binds on the main actor")
  @MainActor
  func mainActorViewModel() {
    withLeakChecking {
      let viewModel = ProfileViewModel()
      let binding = Observable.of("a", "b").bind(to: viewModel.rx.title)
      expectEqual(viewModel.title, "b")
      expectEqual(viewModel.titleSetOnMainQueue, [true, true])
      binding.dispose()
    }
  }

  @Test("rx.property of a Sendable class binds on the main queue from any thread")
  func sendableTarget() async {
    await withLeakChecking {
      let waiting = Box<CheckedContinuation<Bool, Never>?>(nil)
      let label = Label(onSet: { _ in
        let continuation = waiting.mutate { waiting in
          defer { waiting = nil }
          return waiting
        }
        continuation?.resume(returning: MainScheduler.isOnMainQueue)
      })
      let onMain = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
        waiting.value = done
        let binder = label.rx.text
        DispatchQueue.global().async { _ = Observable.just("x").bind(to: binder) }
      }
      #expect(onMain)
      expectEqual(label.log, ["x"])
    }
  }

  @Test("rx.property does not retain the object")
  @MainActor
  func weakBase() {
    weak var weakViewModel: ProfileViewModel?
    let binder: Binder<String>
    do {
      let viewModel = ProfileViewModel()
      weakViewModel = viewModel
      binder = viewModel.rx.title
    }
    #expect(weakViewModel == nil)
    binder.on(.next("dropped"))
  }
}
