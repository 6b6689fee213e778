import ObservableCore
import ObservableTesting
import Testing

/// A source made with `create` that logs its subscription and its disposal, and either
/// terminates during `subscribe` or forwards `subject`'s events.
private func loggingSource(
  _ log: Box<[String]>, emit: [Event<Int>] = [], forwarding subject: PublishSubject<Int>? = nil
) -> Observable<Int> {
  Observable<Int>.create { observer in
    log.mutate { $0.append("source subscribe") }
    for event in emit { observer.on(event) }
    let forwarding = subject?.subscribe(observer)
    return Disposables.create {
      log.mutate { $0.append("source dispose") }
      forwarding?.dispose()
    }
  }
}

/// `source` with every `do` handler logging its name.
private func loggingDo(_ source: Observable<Int>, _ log: Box<[String]>) -> Observable<Int> {
  source.do(
    onNext: { value in log.mutate { $0.append("onNext \(value)") } },
    afterNext: { value in log.mutate { $0.append("afterNext \(value)") } },
    onError: { _ in log.mutate { $0.append("onError") } },
    afterError: { _ in log.mutate { $0.append("afterError") } },
    onCompleted: { log.mutate { $0.append("onCompleted") } },
    afterCompleted: { log.mutate { $0.append("afterCompleted") } },
    onSubscribe: { log.mutate { $0.append("onSubscribe") } },
    onSubscribed: { log.mutate { $0.append("onSubscribed") } },
    onDispose: { log.mutate { $0.append("onDispose") } })
}

/// Subscribes with an observer that logs each event.
private func loggingSubscribe(_ source: Observable<Int>, _ log: Box<[String]>) -> any Disposable {
  source.subscribe(
    onNext: { value in log.mutate { $0.append("next \(value)") } },
    onError: { _ in log.mutate { $0.append("error") } },
    onCompleted: { log.mutate { $0.append("completed") } })
}

/// The order of `do`'s lifecycle handlers, checked against what RxSwift 6.10.2 logs for the
/// same scenarios: when the source terminates during `subscribe`, the source is disposed,
/// then `onSubscribed` runs, then `onDispose`.
@Suite("do: the order of the lifecycle handlers")
struct DoLifecycleOrderTests {
  @Test("a source that completes during subscribe: onSubscribed, then onDispose")
  func synchronousCompletion() {
    withLeakChecking {
      let log = Box<[String]>([])
      _ = loggingSubscribe(
        loggingDo(loggingSource(log, emit: [.next(1), .completed]), log), log)
      log.mutate { $0.append("returned") }
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onNext 1", "next 1", "afterNext 1", "onCompleted",
          "completed", "afterCompleted", "source dispose", "onSubscribed", "onDispose",
          "returned",
        ])
    }
  }

  @Test("a source that fails during subscribe: onSubscribed, then onDispose")
  func synchronousError() {
    withLeakChecking {
      let log = Box<[String]>([])
      _ = loggingSubscribe(
        loggingDo(loggingSource(log, emit: [.next(1), .error(testError)]), log), log)
      log.mutate { $0.append("returned") }
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onNext 1", "next 1", "afterNext 1", "onError",
          "error", "afterError", "source dispose", "onSubscribed", "onDispose", "returned",
        ])
    }
  }

  @Test(
    "a throwing onNext during subscribe: the error, the source's disposal, onSubscribed, onDispose")
  func synchronousThrow() {
    withLeakChecking {
      let log = Box<[String]>([])
      let source = loggingSource(log, emit: [.next(1), .completed]).do(
        onNext: { _ in
          log.mutate { $0.append("onNext throws") }
          throw testError
        },
        onSubscribe: { log.mutate { $0.append("onSubscribe") } },
        onSubscribed: { log.mutate { $0.append("onSubscribed") } },
        onDispose: { log.mutate { $0.append("onDispose") } })
      _ = loggingSubscribe(source, log)
      log.mutate { $0.append("returned") }
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onNext throws", "error", "source dispose",
          "onSubscribed", "onDispose", "returned",
        ])
    }
  }

  @Test("a source that completes later: onSubscribed during subscribe, onDispose after the end")
  func asynchronousCompletion() {
    withLeakChecking {
      let log = Box<[String]>([])
      let subject = PublishSubject<Int>()
      _ = loggingSubscribe(loggingDo(loggingSource(log, forwarding: subject), log), log)
      log.mutate { $0.append("returned") }
      subject.onNext(1)
      subject.onCompleted()
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onSubscribed", "returned", "onNext 1", "next 1",
          "afterNext 1", "onCompleted", "completed", "afterCompleted", "source dispose",
          "onDispose",
        ])
    }
  }

  @Test("a source that fails later: the source's disposal, then onDispose")
  func asynchronousError() {
    withLeakChecking {
      let log = Box<[String]>([])
      let subject = PublishSubject<Int>()
      _ = loggingSubscribe(loggingDo(loggingSource(log, forwarding: subject), log), log)
      log.mutate { $0.append("returned") }
      subject.onNext(1)
      subject.onError(testError)
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onSubscribed", "returned", "onNext 1", "next 1",
          "afterNext 1", "onError", "error", "afterError", "source dispose", "onDispose",
        ])
    }
  }

  @Test("disposed before the source ends: the source's disposal, then onDispose")
  func disposedEarly() {
    withLeakChecking {
      let log = Box<[String]>([])
      let subject = PublishSubject<Int>()
      let subscription = loggingSubscribe(
        loggingDo(loggingSource(log, forwarding: subject), log), log)
      log.mutate { $0.append("returned") }
      subject.onNext(1)
      log.mutate { $0.append("disposing") }
      subscription.dispose()
      log.mutate { $0.append("disposed") }
      subscription.dispose()
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onSubscribed", "returned", "onNext 1", "next 1",
          "afterNext 1", "disposing", "source dispose", "onDispose", "disposed",
        ])
    }
  }

  @Test("disposed from inside onNext: onDispose at once, afterNext after it, as in RxSwift")
  func disposedInsideOnNext() {
    withLeakChecking {
      let log = Box<[String]>([])
      let subject = PublishSubject<Int>()
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = loggingDo(loggingSource(log, forwarding: subject), log).subscribe(
        onNext: { value in
          log.mutate { $0.append("next \(value)") }
          log.mutate { $0.append("disposing") }
          subscription.value?.dispose()
          log.mutate { $0.append("disposed") }
        })
      log.mutate { $0.append("returned") }
      subject.onNext(1)
      subject.onNext(2)
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onSubscribed", "returned", "onNext 1", "next 1",
          "disposing", "source dispose", "onDispose", "disposed", "afterNext 1",
        ])
      subscription.value = nil
    }
  }

  @Test("disposed from inside onNext during subscribe: onSubscribed, then onDispose")
  func disposedInsideOnNextDuringSubscribe() {
    withLeakChecking {
      let log = Box<[String]>([])
      // `take(1)` ends the subscription from inside the first `onNext`, while the source is
      // still inside `subscribe`. RxSwift also runs `onCompleted` and `afterCompleted` for
      // the completion the source sends after that; here the subscription is already
      // disposed, so its events are dropped.
      _ = loggingSubscribe(
        loggingDo(loggingSource(log, emit: [.next(1), .completed]), log).take(1), log)
      log.mutate { $0.append("returned") }
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onNext 1", "next 1", "completed", "afterNext 1",
          "source dispose", "onSubscribed", "onDispose", "returned",
        ])
    }
  }

  @Test("a loading flag set in onSubscribed and cleared in onDispose ends cleared")
  func loadingFlag() {
    withLeakChecking {
      let loading = Box(false)
      _ = Observable.just(1).do(
        onSubscribed: { loading.value = true },
        onDispose: { loading.value = false }
      ).subscribe()
      expectEqual(loading.value, false)
      _ = Single.just(1).do(
        onSubscribed: { loading.value = true },
        onDispose: { loading.value = false }
      ).subscribe()
      expectEqual(loading.value, false)
    }
  }

  @Test("Single: a success during subscribe, then onSubscribed, then onDispose")
  func singleSynchronous() {
    withLeakChecking {
      let log = Box<[String]>([])
      func single(_ outcome: Result<Int, any Error>) -> Single<Int> {
        Single<Int>.create { observer in
          log.mutate { $0.append("source subscribe") }
          observer(outcome)
          return Disposables.create { log.mutate { $0.append("source dispose") } }
        }.do(
          onSuccess: { value in log.mutate { $0.append("onSuccess \(value)") } },
          afterSuccess: { value in log.mutate { $0.append("afterSuccess \(value)") } },
          onError: { _ in log.mutate { $0.append("onError") } },
          afterError: { _ in log.mutate { $0.append("afterError") } },
          onSubscribe: { log.mutate { $0.append("onSubscribe") } },
          onSubscribed: { log.mutate { $0.append("onSubscribed") } },
          onDispose: { log.mutate { $0.append("onDispose") } })
      }
      for outcome in [Result<Int, any Error>.success(1), .failure(testError)] {
        _ = single(outcome).subscribe(
          onSuccess: { value in log.mutate { $0.append("success \(value)") } },
          onFailure: { _ in log.mutate { $0.append("failure") } })
        log.mutate { $0.append("returned") }
      }
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onSuccess 1", "success 1", "afterSuccess 1",
          "source dispose", "onSubscribed", "onDispose", "returned",
          "onSubscribe", "source subscribe", "onError", "failure", "afterError",
          "source dispose", "onSubscribed", "onDispose", "returned",
        ])
    }
  }

  @Test("Single: a later success runs onDispose after the source's disposal")
  func singleAsynchronous() {
    withLeakChecking {
      let log = Box<[String]>([])
      let subject = PublishSubject<Int>()
      _ = Single<Int>.create { observer in
        log.mutate { $0.append("source subscribe") }
        let forwarding = subject.subscribe(onNext: { observer(.success($0)) })
        return Disposables.create {
          log.mutate { $0.append("source dispose") }
          forwarding.dispose()
        }
      }.do(
        onSuccess: { value in log.mutate { $0.append("onSuccess \(value)") } },
        afterSuccess: { value in log.mutate { $0.append("afterSuccess \(value)") } },
        onSubscribe: { log.mutate { $0.append("onSubscribe") } },
        onSubscribed: { log.mutate { $0.append("onSubscribed") } },
        onDispose: { log.mutate { $0.append("onDispose") } }
      ).subscribe(onSuccess: { value in log.mutate { $0.append("success \(value)") } })
      log.mutate { $0.append("returned") }
      subject.onNext(1)
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onSubscribed", "returned", "onSuccess 1",
          "success 1", "afterSuccess 1", "source dispose", "onDispose",
        ])
    }
  }

  @Test(
    "Maybe: a success or an empty completion during subscribe, then onSubscribed, then onDispose")
  func maybeSynchronous() {
    withLeakChecking {
      let log = Box<[String]>([])
      func maybe(_ outcome: MaybeEvent<Int>) -> Maybe<Int> {
        Maybe<Int>.create { observer in
          log.mutate { $0.append("source subscribe") }
          observer(outcome)
          return Disposables.create { log.mutate { $0.append("source dispose") } }
        }.do(
          onNext: { value in log.mutate { $0.append("onNext \(value)") } },
          afterNext: { value in log.mutate { $0.append("afterNext \(value)") } },
          onError: { _ in log.mutate { $0.append("onError") } },
          afterError: { _ in log.mutate { $0.append("afterError") } },
          onCompleted: { log.mutate { $0.append("onCompleted") } },
          afterCompleted: { log.mutate { $0.append("afterCompleted") } },
          onSubscribe: { log.mutate { $0.append("onSubscribe") } },
          onSubscribed: { log.mutate { $0.append("onSubscribed") } },
          onDispose: { log.mutate { $0.append("onDispose") } })
      }
      for outcome in [MaybeEvent<Int>.success(1), .completed, .error(testError)] {
        _ = maybe(outcome).subscribe(
          onSuccess: { value in log.mutate { $0.append("success \(value)") } },
          onError: { _ in log.mutate { $0.append("failure") } },
          onCompleted: { log.mutate { $0.append("completed") } })
        log.mutate { $0.append("returned") }
      }
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onNext 1", "success 1", "afterNext 1",
          "onCompleted", "afterCompleted", "source dispose", "onSubscribed", "onDispose",
          "returned",
          "onSubscribe", "source subscribe", "onCompleted", "completed", "afterCompleted",
          "source dispose", "onSubscribed", "onDispose", "returned",
          "onSubscribe", "source subscribe", "onError", "failure", "afterError",
          "source dispose", "onSubscribed", "onDispose", "returned",
        ])
    }
  }

  @Test("Maybe without onCompleted: the same order")
  func maybeWithoutOnCompleted() {
    withLeakChecking {
      let log = Box<[String]>([])
      _ = Maybe<Int>.create { observer in
        log.mutate { $0.append("source subscribe") }
        observer(.success(1))
        return Disposables.create { log.mutate { $0.append("source dispose") } }
      }.do(
        onNext: { value in log.mutate { $0.append("onNext \(value)") } },
        onSubscribe: { log.mutate { $0.append("onSubscribe") } },
        onSubscribed: { log.mutate { $0.append("onSubscribed") } },
        onDispose: { log.mutate { $0.append("onDispose") } }
      ).subscribe(onSuccess: { value in log.mutate { $0.append("success \(value)") } })
      log.mutate { $0.append("returned") }
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onNext 1", "success 1", "source dispose",
          "onSubscribed", "onDispose", "returned",
        ])
    }
  }

  @Test("Completable: a completion or an error during subscribe, then onSubscribed, then onDispose")
  func completableSynchronous() {
    withLeakChecking {
      let log = Box<[String]>([])
      func completable(_ outcome: CompletableEvent) -> Completable {
        Completable.create { observer in
          log.mutate { $0.append("source subscribe") }
          observer(outcome)
          return Disposables.create { log.mutate { $0.append("source dispose") } }
        }.do(
          onError: { _ in log.mutate { $0.append("onError") } },
          afterError: { _ in log.mutate { $0.append("afterError") } },
          onCompleted: { log.mutate { $0.append("onCompleted") } },
          afterCompleted: { log.mutate { $0.append("afterCompleted") } },
          onSubscribe: { log.mutate { $0.append("onSubscribe") } },
          onSubscribed: { log.mutate { $0.append("onSubscribed") } },
          onDispose: { log.mutate { $0.append("onDispose") } })
      }
      for outcome in [CompletableEvent.completed, .error(testError)] {
        _ = completable(outcome).subscribe(
          onCompleted: { log.mutate { $0.append("completed") } },
          onError: { _ in log.mutate { $0.append("failure") } })
        log.mutate { $0.append("returned") }
      }
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onCompleted", "completed", "afterCompleted",
          "source dispose", "onSubscribed", "onDispose", "returned",
          "onSubscribe", "source subscribe", "onError", "failure", "afterError",
          "source dispose", "onSubscribed", "onDispose", "returned",
        ])
    }
  }

  @Test("Infallible: a completion during subscribe, then onSubscribed, then onDispose")
  func infallibleSynchronous() {
    withLeakChecking {
      let log = Box<[String]>([])
      _ = Infallible<Int>.create { observer in
        log.mutate { $0.append("source subscribe") }
        observer(.next(1))
        observer(.completed)
        return Disposables.create { log.mutate { $0.append("source dispose") } }
      }.do(
        onNext: { value in log.mutate { $0.append("onNext \(value)") } },
        afterNext: { value in log.mutate { $0.append("afterNext \(value)") } },
        onCompleted: { log.mutate { $0.append("onCompleted") } },
        afterCompleted: { log.mutate { $0.append("afterCompleted") } },
        onSubscribe: { log.mutate { $0.append("onSubscribe") } },
        onSubscribed: { log.mutate { $0.append("onSubscribed") } },
        onDispose: { log.mutate { $0.append("onDispose") } }
      ).subscribe(
        onNext: { value in log.mutate { $0.append("next \(value)") } },
        onCompleted: { log.mutate { $0.append("completed") } })
      log.mutate { $0.append("returned") }
      expectEqual(
        log.value,
        [
          "onSubscribe", "source subscribe", "onNext 1", "next 1", "afterNext 1", "onCompleted",
          "completed", "afterCompleted", "source dispose", "onSubscribed", "onDispose",
          "returned",
        ])
    }
  }
}
