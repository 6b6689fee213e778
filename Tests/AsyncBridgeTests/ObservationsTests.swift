#if canImport(Observation) && compiler(>=6.2)
  import Observation
  import ObservableCore
  import ObservableTesting
  import Testing

  @testable import AsyncBridge

  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  @MainActor @Observable
  private final class PairModel {
    var a = 0
    var b = 0
  }

  /// A weak reference the tests poll from `@Sendable` closures.
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  private final class WeakPair: @unchecked Sendable {
    // SAFETY: written once on the main actor before any read; the runtime makes loading a weak
    // reference safe while another thread releases the object.
    weak var model: PairModel?
  }

  @Suite("Observable.observations (Observations)", .timeLimit(.minutes(1)))
  @MainActor
  struct ObservationsTests {
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test("emits the current value, then a value after each transaction, in order")
    func valuesInOrder() async {
      let model = PairModel()
      let observer = TestableObserver<Int>()
      let subscription = Observable.observations { model.a * 10 + model.b }.subscribe(observer)
      #expect(await bridgeEventually { observer.elements == [0] })
      model.a = 1
      #expect(await bridgeEventually { observer.elements == [0, 10] })
      model.b = 2
      #expect(await bridgeEventually { observer.elements == [0, 10, 12] })
      subscription.dispose()
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test("two mutations in one synchronous transaction produce one value")
    func coalescesOneTransaction() async {
      let model = PairModel()
      let observer = TestableObserver<Int>()
      let subscription = Observable.observations { model.a * 10 + model.b }.subscribe(observer)
      #expect(await bridgeEventually { observer.elements == [0] })
      model.a = 3
      model.b = 4
      #expect(await bridgeEventually { observer.elements.last == 34 })
      model.a = 5
      #expect(await bridgeEventually { observer.elements.last == 54 })
      #expect(observer.elements == [0, 34, 54])
      subscription.dispose()
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test("an error thrown by the closure ends the sequence with that error")
    func error() async {
      let model = PairModel()
      let observer = TestableObserver<Int>()
      let subscription = Observable.observations { () throws -> Int in
        if model.a > 0 { throw BridgeTestError(id: model.a) }
        return model.a
      }
      .subscribe(observer)
      #expect(await bridgeEventually { observer.elements == [0] })
      model.a = 9
      #expect(await observer.waitForTermination())
      #expect(observer.events.map(\.value) == [.next(0), .error(BridgeTestError(id: 9))])
      subscription.dispose()
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test("disposing cancels the task, releases the model, and delivers no later change")
    func disposeReleasesModel() async {
      let weak = WeakPair()
      let observer = TestableObserver<Int>()
      let subscription: any Disposable
      do {
        let model = PairModel()
        weak.model = model
        subscription = Observable.observations { model.a }.subscribe(observer)
        #expect(await bridgeEventually { observer.elements == [0] })
        model.a = 1
        #expect(await bridgeEventually { observer.elements == [0, 1] })
        subscription.dispose()
        model.a = 2
      }
      // Released only once the iterating task has ended, so nothing can be delivered after.
      #expect(await bridgeEventually { weak.model == nil })
      #expect(observer.elements == [0, 1])
      #expect(!observer.isTerminated)
    }
  }
#endif
