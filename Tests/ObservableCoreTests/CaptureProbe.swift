import ObservableCore

/// Tells whether what a source's closure captured has been released, for the tests that a
/// finished source is let go while the sequence goes on.
final class CaptureProbe: Sendable {
  /// A weak reference that a `Mutex` can hold.
  private struct WeakReference: Sendable {
    weak var value: Tracked?
  }

  private let reference = _Mutex(WeakReference())

  /// Whether the object captured by the last source made with ``source(completingWith:)`` is
  /// gone.
  var isReleased: Bool { reference.withLock { $0.value == nil } }

  /// A source whose subscribe closure, and each subscription while it runs, holds a new
  /// ``Tracked``.
  ///
  /// - Parameter trigger: The source forwards `trigger`'s events; without one, it completes
  ///   during `subscribe`.
  /// - Returns: The source.
  func source(completingWith trigger: PublishSubject<Int>? = nil) -> Observable<Int> {
    let tracked = Tracked()
    reference.withLock { $0.value = tracked }
    return Observable<Int>.create { observer in
      guard let trigger else {
        observer.onCompleted()
        return Disposables.create { _ = tracked }
      }
      // The running subscription holds `tracked` too, through its disposable.
      let forwarding = trigger.subscribe(observer)
      return Disposables.create {
        _ = tracked
        forwarding.dispose()
      }
    }
  }

  /// ``source(completingWith:)`` as a `Completable`.
  func completable(completingWith trigger: PublishSubject<Int>? = nil) -> Completable {
    source(completingWith: trigger).ignoreElements().asCompletable()
  }
}

/// A probe's source that forwards `trigger`, then `.never()`, each built only when iterated.
struct ProbedThenNever: Sequence, Sendable {
  let probe: CaptureProbe
  let trigger: PublishSubject<Int>

  func makeIterator() -> AnyIterator<Observable<Int>> {
    var step = 0
    let probe = probe
    let trigger = trigger
    return AnyIterator {
      defer { step += 1 }
      switch step {
      case 0: return probe.source(completingWith: trigger)
      case 1: return .never()
      default: return nil
      }
    }
  }
}
