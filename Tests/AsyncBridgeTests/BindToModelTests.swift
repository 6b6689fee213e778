#if canImport(Observation)
  import Dispatch
  import Observation
  import ObservableCore
  import ObservableTesting
  import Testing

  @testable import AsyncBridge

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor @Observable
  private final class SettingsModel {
    /// Every value set through ``latest``, in order.
    var log: [Int] = []
    var title: String? = "initial"

    var latest: Int {
      get { log.last ?? -1 }
      set {
        // Traps unless the binding sets it on the main thread.
        dispatchPrecondition(condition: .onQueue(.main))
        log.append(newValue)
      }
    }
  }

  /// A weak reference the tests poll from `@Sendable` closures.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  private final class WeakSettings: @unchecked Sendable {
    // SAFETY: written once on the main actor before any read; the runtime makes loading a weak
    // reference safe while another thread releases the object.
    weak var model: SettingsModel?
  }

  /// Returns once everything queued on the main queue before the call has run.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  private func mainQueueDrained() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }

  @Suite("bind(to: model, keyPath)", .timeLimit(.minutes(1)))
  @MainActor
  struct BindToModelTests {
    /// Every `BridgeTestError` that reaches `Hooks.defaultErrorHandler`, from the first use on.
    ///
    /// Installed once for the process, not swapped in and out, because tests run in parallel;
    /// each test looks only for its own error id.
    /// Every other error goes on to the handler found when installing, which may be
    /// ObservableCoreTests' process-wide recorder (it passes `BridgeTestError`s back to this one
    /// when it is installed second).
    nonisolated static let unhandledErrors: BridgeBox<[BridgeTestError]> = {
      let reported = BridgeBox<[BridgeTestError]>([])
      let previous = Hooks.defaultErrorHandler
      Hooks.defaultErrorHandler = { callStack, error in
        if let error = error as? BridgeTestError {
          reported.mutate { $0.append(error) }
        } else {
          previous(callStack, error)
        }
      }
      return reported
    }()

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("sets every element, in order, on the main actor, from a background thread")
    func setsInOrderOnMainActor() async {
      let model = SettingsModel()
      let source = BridgeSource<Int>()
      let subscription = source.observable.bind(to: model, \.latest)
      await source.subscribed.wait()
      await Task.detached {
        for value in 0..<100 { source.send(value) }
      }.value
      #expect(await bridgeEventually { model.log.count == 100 })
      #expect(model.log == Array(0..<100))
      subscription.dispose()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an element arriving on the main thread is set at once")
    func immediateOnMain() {
      let model = SettingsModel()
      let subject = PublishSubject<Int>()
      let subscription = subject.bind(to: model, \.latest)
      subject.onNext(7)
      expectEqual(model.log, [7])
      subscription.dispose()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an optional property takes the elements wrapped in Optional")
    func optionalProperty() {
      let model = SettingsModel()
      let subscription = Observable.just("bound").bind(to: model, \.title)
      expectEqual(model.title, "bound")
      subscription.dispose()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("disposing drops elements still queued for the main queue, and stops later ones")
    func disposeStopsDelivery() async {
      let model = SettingsModel()
      let subject = PublishSubject<Int>()
      let subscription = subject.bind(to: model, \.latest)
      subject.onNext(1)
      // Sent from another thread while the main thread waits: queued on the main queue.
      DispatchQueue.global().sync { subject.onNext(2) }
      subscription.dispose()
      subject.onNext(3)
      await mainQueueDrained()
      expectEqual(model.log, [1])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the binding does not keep the model alive; later elements are dropped")
    func modelHeldWeakly() async {
      let weak = WeakSettings()
      let subject = PublishSubject<Int>()
      let subscription: any Disposable
      do {
        let model = SettingsModel()
        weak.model = model
        subscription = subject.bind(to: model, \.latest)
        subject.onNext(1)
        expectEqual(model.log, [1])
      }
      #expect(weak.model == nil)
      subject.onNext(2)
      await mainQueueDrained()
      subscription.dispose()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an error ends the binding and goes to Hooks.defaultErrorHandler")
    func errorGoesToHooks() async {
      let model = SettingsModel()
      let subject = PublishSubject<Int>()
      let reported = Self.unhandledErrors
      let marker = BridgeTestError(id: 17_004)
      let subscription = subject.bind(to: model, \.latest)
      subject.onNext(1)
      subject.onError(marker)
      subject.onNext(2)
      #expect(model.log == [1])
      #expect(reported.value.filter { $0 == marker } == [marker])
      subscription.dispose()
    }
  }
#endif
