import ObservableCore
import ObservableTesting
import Testing

/// An object that records what the closures passed to `subscribe(with:)` told it.
private final class Recorder: Sendable {
  let log = Box<[String]>([])

  func record(_ entry: String) {
    log.mutate { $0.append(entry) }
  }
}

/// A view model as UIKit code writes it: isolated to the main actor, and so `Sendable`.
@MainActor
private final class ViewModel {
  nonisolated let titles = Box<[String]>([])
}

@Suite("subscribe(with:)")
struct SubscribeWithTests {
  @Test("passes the object with each element, the completion and the disposal")
  func observableEvents() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let recorder = Recorder()
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let subscription = Box<(any Disposable)?>(nil)
      scheduler.scheduleAt(200) {
        subscription.value = xs.subscribe(
          with: recorder,
          onNext: { recorder, value in recorder.record("next \(value)") },
          onError: { recorder, _ in recorder.record("error") },
          onCompleted: { recorder in recorder.record("completed") },
          onDisposed: { recorder in recorder.record("disposed") })
      }
      scheduler.start()
      expectEqual(recorder.log.value, ["next 1", "next 2", "completed", "disposed"])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      subscription.value = nil
    }
  }

  @Test("passes the object with the error")
  func observableError() {
    withLeakChecking {
      let recorder = Recorder()
      _ = Observable<Int>.error(testError).subscribe(
        with: recorder,
        onError: { recorder, error in recorder.record("error \(error is TestError)") },
        onDisposed: { recorder in recorder.record("disposed") })
      expectEqual(recorder.log.value, ["error true", "disposed"])
    }
  }

  @Test("disposing the subscription disposes the source and calls onDisposed")
  func observableDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let recorder = Recorder()
      let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
      let subscription = Box<(any Disposable)?>(nil)
      scheduler.scheduleAt(200) {
        subscription.value = xs.subscribe(
          with: recorder,
          onNext: { recorder, value in recorder.record("next \(value)") },
          onDisposed: { recorder in recorder.record("disposed") })
      }
      scheduler.scheduleAt(250) { subscription.value?.dispose() }
      scheduler.start()
      expectEqual(recorder.log.value, ["next 1", "disposed"])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      subscription.value = nil
    }
  }

  @Test("holds the object weakly: once it is gone the closures are not called")
  func doesNotRetain() {
    weak var weakRecorder: Recorder?
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let log = Box<[String]>([])
      var recorder: Recorder? = Recorder()
      weakRecorder = recorder
      let subscription = subject.subscribe(
        with: recorder ?? Recorder(),
        onNext: { _, value in log.mutate { $0.append("next \(value)") } },
        onCompleted: { _ in log.mutate { $0.append("completed") } },
        onDisposed: { _ in log.mutate { $0.append("disposed") } })
      subject.onNext(1)
      recorder = nil
      #expect(weakRecorder == nil)
      subject.onNext(2)
      subject.onCompleted()
      expectEqual(log.value, ["next 1"])
      #expect(!subject.hasObservers)
      subscription.dispose()
    }
  }

  @Test("releases the closures' captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let recorder = Recorder()
      let subject = PublishSubject<Int>()
      let subscription = subject.subscribe(
        with: recorder, onNext: { [tracked] _, _ in _ = tracked })
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }

  @Test("accepts a main-actor view model")
  @MainActor
  func mainActorObject() {
    withLeakChecking {
      let viewModel = ViewModel()
      let subscription = Observable.of("a", "b").subscribe(
        with: viewModel,
        onNext: { viewModel, title in viewModel.titles.mutate { $0.append(title) } })
      expectEqual(viewModel.titles.value, ["a", "b"])
      subscription.dispose()
    }
  }

  @Test("Infallible: passes the object with each element, the completion and the disposal")
  func infallible() {
    withLeakChecking {
      let recorder = Recorder()
      _ = Infallible.just(1).subscribe(
        with: recorder,
        onNext: { recorder, value in recorder.record("next \(value)") },
        onCompleted: { recorder in recorder.record("completed") },
        onDisposed: { recorder in recorder.record("disposed") })
      expectEqual(recorder.log.value, ["next 1", "completed", "disposed"])
    }
  }

  @Test("Single: passes the object with the success or the failure, and the disposal")
  func single() {
    withLeakChecking {
      let recorder = Recorder()
      _ = Single.just(1).subscribe(
        with: recorder,
        onSuccess: { recorder, value in recorder.record("success \(value)") },
        onFailure: { recorder, _ in recorder.record("failure") },
        onDisposed: { recorder in recorder.record("disposed") })
      _ = Single<Int>.error(testError).subscribe(
        with: recorder,
        onSuccess: { recorder, value in recorder.record("success \(value)") },
        onFailure: { recorder, error in recorder.record("failure \(error is TestError)") })
      expectEqual(recorder.log.value, ["success 1", "disposed", "failure true"])
    }
  }

  @Test("Maybe: passes the object with the success, the empty completion or the error")
  func maybe() {
    withLeakChecking {
      let recorder = Recorder()
      for maybe in [Maybe.just(1), Maybe<Int>.empty(), Maybe<Int>.error(testError)] {
        _ = maybe.subscribe(
          with: recorder,
          onSuccess: { recorder, value in recorder.record("success \(value)") },
          onError: { recorder, _ in recorder.record("error") },
          onCompleted: { recorder in recorder.record("completed") },
          onDisposed: { recorder in recorder.record("disposed") })
      }
      expectEqual(
        recorder.log.value,
        [
          "success 1", "disposed", "completed", "disposed", "error", "disposed",
        ])
    }
  }

  @Test("Completable: passes the object with the completion or the error")
  func completable() {
    withLeakChecking {
      let recorder = Recorder()
      for completable in [Completable.empty(), Completable.error(testError)] {
        _ = completable.subscribe(
          with: recorder,
          onCompleted: { recorder in recorder.record("completed") },
          onError: { recorder, _ in recorder.record("error") },
          onDisposed: { recorder in recorder.record("disposed") })
      }
      expectEqual(recorder.log.value, ["completed", "disposed", "error", "disposed"])
    }
  }

  @Test("the trait forms hold the object weakly too")
  func traitsDoNotRetain() {
    weak var weakRecorder: Recorder?
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let log = Box<[String]>([])
      var recorder: Recorder? = Recorder()
      weakRecorder = recorder
      let subscription = subject.asSingle().subscribe(
        with: recorder ?? Recorder(),
        onSuccess: { _, value in log.mutate { $0.append("success \(value)") } },
        onDisposed: { _ in log.mutate { $0.append("disposed") } })
      recorder = nil
      #expect(weakRecorder == nil)
      subject.onNext(1)
      subject.onCompleted()
      expectEqual(log.value, [])
      subscription.dispose()
    }
  }
}
