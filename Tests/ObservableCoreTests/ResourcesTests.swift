import ObservableCore
import ObservableTesting
import Testing

@Suite("Resources")
struct ResourcesTests {
  @Test("counts a live subscription and returns to zero after dispose")
  func countsLiveSubscription() {
    Resources.withScope { scope in
      let subject = PublishSubject<Int>()
      var subscription: (any Disposable)? = subject.map { $0 }.take(3).subscribe()
      #expect(scope.live > 0)
      subscription?.dispose()
      subscription = nil
      expectEqual(scope.live, 0)
    }
  }

  @Test("a subscription that is never disposed stays counted")
  func undisposedSubscriptionIsCounted() {
    let subject = PublishSubject<Int>()
    let (leaked, subscription) = Resources.withScope { scope in
      let subscription = subject.subscribe()
      return (scope, subscription)
    }
    #expect(leaked.live > 0)
    subscription.dispose()
  }

  @Test("scopes count only their own subscriptions")
  func scopesAreIsolated() {
    let subject = PublishSubject<Int>()
    let outer = Resources.withScope { outer in
      let held = subject.subscribe()
      Resources.withScope { inner in
        let subscription = subject.subscribe()
        #expect(inner.live >= 1)
        subscription.dispose()
      }
      held.dispose()
      return outer
    }
    expectEqual(outer.live, 0)
  }
}
