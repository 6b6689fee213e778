import ObservableCocoa
import ObservableCore

/// A stand-in for a text field, for control property tests: a `text` value that the user edits
/// (`simulateUserEdit`) and the program sets (through the property's binder).
///
/// Like a real control, it sends its text when subscribed to and after each user edit, never
/// after a programmatic set, and its property completes when the field is released.
@MainActor
final class FakeTextField {
  /// The field's text.
  private(set) var text: String?
  /// Every text the program set, through the control property, in order.
  private(set) var programmaticSets: [String?] = []

  private nonisolated let editingChanged = PublishSubject<Void>()
  private nonisolated let released = PublishSubject<Void>()

  init(text: String? = nil) {
    self.text = text
  }

  deinit {
    released.onNext(())
  }

  /// Changes the text as a user typing would, and tells the subscribers.
  func simulateUserEdit(_ newText: String?) {
    text = newText
    editingChanged.onNext(())
  }

  /// The text, as RxCocoa's `textField.rx.text`.
  var rxText: ControlProperty<String?> {
    let editingChanged = editingChanged
    let values = Observable<String?>.create { [weak self] observer in
      // ControlProperty subscribes to its values on the main queue: the main actor's.
      MainActor.assumeIsolated {
        guard let field = self else {
          observer.onCompleted()
          return Disposables.create()
        }
        observer.onNext(field.text)
        return editingChanged.subscribe(onNext: { [weak field] in
          MainActor.assumeIsolated {
            if let field { observer.onNext(field.text) }
          }
        })
      }
    }
    .take(until: released)
    let sink = Binder(self) { (field: FakeTextField, text: String?) in
      field.text = text
      field.programmaticSets.append(text)
    }
    return ControlProperty(values: values, valueSink: sink)
  }
}

/// A stand-in for a button, for control event tests.
@MainActor
final class FakeButton {
  private nonisolated let taps = PublishSubject<Void>()
  private nonisolated let released = PublishSubject<Void>()

  deinit {
    released.onNext(())
  }

  /// Taps the button, as a user would.
  func simulateTap() {
    taps.onNext(())
  }

  /// The taps, as RxCocoa's `button.rx.tap`.
  var rxTap: ControlEvent<Void> {
    ControlEvent(events: taps.take(until: released))
  }
}

/// Yields until `condition` holds or `timeout` passes; returns whether it held.
///
/// On the main actor, each yield lets the main queue run what was queued on it before.
func eventually(
  timeout: Duration = .seconds(10), _ condition: @Sendable () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while !condition() {
    guard clock.now < deadline else { return false }
    await Task.yield()
  }
  return true
}
