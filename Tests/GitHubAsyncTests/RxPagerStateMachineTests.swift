import Foundation
import ObservableCore
import ObservableTesting
import Testing

@testable import GitHubAsync

/// The decisions of the one Rx pager, event by event, without sockets.
@Suite("RxPagerStateMachine")
struct RxPagerStateMachineTests {
  private let page1 = URL(filePath: "/items/1")
  private let page2 = URL(filePath: "/items/2")

  @Test("a request subscribed after dispose is disposed at once (never left running)")
  func subscribedAfterDispose() {
    var machine = RxPagerStateMachine()
    guard case .subscribe(let id) = machine.requestWanted(page1) else {
      Issue.record("expected a request")
      return
    }
    // Dispose runs while `subscribe` has not returned yet: nothing to dispose so far.
    guard case .dispose(nil) = machine.disposed() else {
      Issue.record("expected dispose without a registered request")
      return
    }
    let request = Request()
    guard case .dispose(let returned) = machine.requestSubscribed(id: id, request: request) else {
      Issue.record("the request subscribed after dispose must be disposed")
      return
    }
    #expect(returned as? Request === request)
    #expect(machine.isFinished)
  }

  @Test("no request is started after dispose, even with a page delivered just before")
  func noRequestAfterDispose() {
    var machine = RxPagerStateMachine()
    guard case .subscribe(let id) = machine.requestWanted(page1) else {
      Issue.record("expected a request")
      return
    }
    let request = Request()
    #expect(isNone(machine.requestSubscribed(id: id, request: request)))
    guard case .decode(let progress, let finished) = machine.responseArrived(id: id) else {
      Issue.record("expected the page")
      return
    }
    #expect(finished as? Request === request)
    expectEqual(progress, PagerProgress(requested: [page1], itemsBefore: 0))
    do {
      let result = machine.pageDecoded(itemCount: 2)
      #expect(result)
    }
    // `take` disposes from inside onNext, before the pager asks for page 2.
    guard case .none = machine.disposed() else {
      Issue.record("no request was in flight")
      return
    }
    guard case .none = machine.requestWanted(page2) else {
      Issue.record("a request was started after dispose")
      return
    }
    do {
      let result = machine.lastPageDelivered()
      #expect(!result)
    }
    do {
      let result = machine.failed()
      #expect(!result)
    }
  }

  @Test("dispose while a request is in flight hands it out once; dispose is idempotent")
  func disposeInFlight() {
    var machine = RxPagerStateMachine()
    guard case .subscribe(let id) = machine.requestWanted(page1) else {
      Issue.record("expected a request")
      return
    }
    let request = Request()
    _ = machine.requestSubscribed(id: id, request: request)
    guard case .dispose(let returned?) = machine.disposed() else {
      Issue.record("expected the request in flight")
      return
    }
    #expect(returned as? Request === request)
    guard case .none = machine.disposed() else {
      Issue.record("a second dispose must do nothing")
      return
    }
    // The cancelled request's answer is dropped.
    guard case .none = machine.responseArrived(id: id) else {
      Issue.record("a response after dispose was delivered")
      return
    }
    guard case .none = machine.requestFailed(id: id) else {
      Issue.record("an error after dispose was delivered")
      return
    }
  }

  @Test("the count of items and the URLs requested reach the next-page decision")
  func progress() {
    var machine = RxPagerStateMachine()
    for (index, url) in [page1, page2].enumerated() {
      guard case .subscribe(let id) = machine.requestWanted(url) else {
        Issue.record("expected a request")
        return
      }
      guard case .decode(let progress, _) = machine.responseArrived(id: id) else {
        Issue.record("expected the page")
        return
      }
      expectEqual(progress.itemsBefore, index * 30)
      expectEqual(progress.requested.count, index + 1)
      do {
        let result = machine.pageDecoded(itemCount: 30)
        #expect(result)
      }
    }
    do {
      let result = machine.lastPageDelivered()
      #expect(result)
    }
    #expect(machine.isFinished)
    do {
      let result = machine.lastPageDelivered()
      #expect(!result)
    }
    do {
      let result = machine.failed()
      #expect(!result)
    }
  }

  @Test("an answer delivered before subscribe returned: the finished request is disposed")
  func synchronousAnswer() {
    var machine = RxPagerStateMachine()
    guard case .subscribe(let id) = machine.requestWanted(page1) else {
      Issue.record("expected a request")
      return
    }
    guard case .fail(nil) = machine.requestFailed(id: id) else {
      Issue.record("expected the failure")
      return
    }
    guard case .dispose = machine.requestSubscribed(id: id, request: Request()) else {
      Issue.record("the finished request must not be kept")
      return
    }
    #expect(machine.isFinished)
  }

  @Test("after a terminal event nothing more is delivered or requested")
  func afterTerminal() {
    var machine = RxPagerStateMachine()
    do {
      let result = machine.failed()
      #expect(result)
    }
    do {
      let result = machine.failed()
      #expect(!result)
    }
    guard case .none = machine.requestWanted(page1) else {
      Issue.record("a request after the terminal event")
      return
    }
    do {
      let result = machine.pageDecoded(itemCount: 1)
      #expect(!result)
    }
  }

  private func isNone(_ action: RxPagerStateMachine.SubscribedAction) -> Bool {
    if case .none = action { return true }
    return false
  }
}

/// A request subscription whose identity the tests compare.
private final class Request: Disposable, Sendable {
  func dispose() {}
}
