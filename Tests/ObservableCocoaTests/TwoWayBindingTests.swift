import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

// The two-way binding operator of the RxSwift articles and RxExample, written as they write it:
// the relay drives the control, the control's values go into the relay, and the control's
// completion (its release) ends the first direction. It stays app code, as in RxExample.

infix operator <-> : DefaultPrecedence

func <-> <T>(property: ControlProperty<T>, relay: BehaviorRelay<T>) -> any Disposable {
  let toControl = relay.bind(to: property)
  let toRelay = property.subscribe(
    onNext: { value in relay.accept(value) },
    onCompleted: { toControl.dispose() })
  return Disposables.create(toControl, toRelay)
}

/// The text field of the ObservableCocoa DocC article, as written there.
@MainActor final class TextField {
  private(set) var text: String?
  private let edits = PublishRelay<Void>()

  func userTyped(_ newText: String?) {
    text = newText
    edits.accept(())
  }

  var rxText: ControlProperty<String?> {
    let edits = edits
    let values = Observable<String?>.create { [weak self] observer in
      // A control property subscribes to its values on the main queue, the main actor's.
      MainActor.assumeIsolated {
        observer.onNext(self?.text)
        return edits.subscribe(onNext: { [weak self] in
          MainActor.assumeIsolated { observer.onNext(self?.text) }
        })
      }
    }
    return ControlProperty(
      values: values, valueSink: Binder(self) { field, text in field.text = text })
  }
}

@Suite("Two-way binding of a control property and a relay")
@MainActor
struct TwoWayBindingTests {
  @Test("the relay's value is set on the control, at once and on each change")
  func relayToControl() {
    let field = FakeTextField(text: "typed")
    let relay = BehaviorRelay<String?>(value: "initial")
    let binding = field.rxText <-> relay
    expectEqual(field.text, "initial")
    relay.accept("changed")
    expectEqual(field.text, "changed")
    binding.dispose()
  }

  @Test("what the user types goes into the relay")
  func controlToRelay() {
    let field = FakeTextField(text: "typed")
    let relay = BehaviorRelay<String?>(value: "initial")
    let binding = field.rxText <-> relay
    field.simulateUserEdit("hello")
    expectEqual(relay.value, "hello")
    field.simulateUserEdit(nil)
    #expect(relay.value == nil)
    binding.dispose()
  }

  @Test("no feedback loop: each change crosses once in each direction")
  func noFeedbackLoop() {
    let field = FakeTextField(text: "typed")
    let relay = BehaviorRelay<String?>(value: "initial")
    let seen = Box<[String?]>([])
    let watch = relay.subscribe(onNext: { seen.append($0) })
    let binding = field.rxText <-> relay
    field.simulateUserEdit("user")
    relay.accept("program")
    // Binding sets the relay's value on the field first; the field's value, now the relay's,
    // then comes back once. After that, each change crosses once and its echo stops at the
    // control, which does not send values the program sets.
    expectEqual(seen.value, ["initial", "initial", "user", "program"])
    expectEqual(field.programmaticSets, ["initial", "initial", "user", "program"])
    expectEqual(field.text, "program")
    binding.dispose()
    watch.dispose()
  }

  @Test("disposing the binding stops both directions and ends every subscription")
  func disposal() {
    let field = FakeTextField(text: "typed")
    let relay = BehaviorRelay<String?>(value: "initial")
    withLeakChecking {
      let binding = field.rxText <-> relay
      binding.dispose()
    }
    relay.accept("after")
    expectEqual(field.text, "initial")
    field.simulateUserEdit("edited after")
    expectEqual(relay.value, "after")
  }

  @Test("the binding does not keep the control alive, and ends when the control is released")
  func releasesControl() {
    weak var weakField: FakeTextField?
    let relay = BehaviorRelay<String?>(value: "initial")
    withLeakChecking {
      do {
        let field = FakeTextField(text: "typed")
        weakField = field
        // Dropping the disposable does not end a subscription; only the control's release
        // can end this one.
        _ = (field.rxText <-> relay)
      }
      #expect(weakField == nil)
      // The release completed the control's values, which ended the relay → control direction
      // too: the leak check finds no subscription alive.
    }
    relay.accept("after release")
  }

  @Test("disposing releases everything the binding held")
  func disposalReleasesControl() {
    weak var weakField: FakeTextField?
    let relay = BehaviorRelay<String?>(value: "initial")
    let binding: any Disposable
    do {
      let field = FakeTextField(text: "typed")
      weakField = field
      binding = (field.rxText <-> relay)
      binding.dispose()
    }
    #expect(weakField == nil)
  }

  @Test("the DocC article's text field binds both ways")
  func docSample() {
    let field = TextField()
    let relay = BehaviorRelay<String?>(value: "initial")
    let binding = (field.rxText <-> relay)
    expectEqual(field.text, "initial")
    field.userTyped("typed")
    expectEqual(relay.value, "typed")
    relay.accept("set")
    expectEqual(field.text, "set")
    binding.dispose()
  }
}
