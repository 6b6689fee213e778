import ObservableCocoa
import ObservableCore

// The extension shapes of ExtensionShapes.swift in RxSwiftPortTests (Swift 5 mode), as a
// library declares them in Swift 6 mode: the same code, with closure parameters that an
// operator may call from another thread marked `@Sendable`, as Swift 6 requires, and
// `any Error`. Without `map(to:)`: in Swift 6 mode, where `map`'s `@Sendable` form yields to
// the `@MainActor` form of main-actor sequences, a library's `map(to:)` would win over it for
// an unlabeled trailing closure with no result type to decide; see the migration article.

// MARK: - extension ObservableType

extension ObservableType {
  /// Splits the elements into those that satisfy `predicate` and those that do not.
  func partition(_ predicate: @escaping @Sendable (Element) -> Bool)
    -> (matches: Observable<Element>, nonMatches: Observable<Element>)
  {
    let tagged = map { ($0, predicate($0)) }.share()
    let matches = tagged.filter { $0.1 }.map { $0.0 }
    let nonMatches = tagged.filter { !$0.1 }.map { $0.0 }
    return (matches, nonMatches)
  }

  /// Each element with the one before it.
  func pairwise() -> Observable<(Element, Element)> {
    scan((Element?.none, Element?.none)) { last, element in (last.1, element) }
      .compactMap { pair in
        guard let previous = pair.0, let current = pair.1 else { return nil }
        return (previous, current)
      }
  }

  /// Each event as a `Result`; the sequence then completes.
  func mapToResult() -> Observable<Result<Element, any Error>> {
    materialize().compactMap { event -> Result<Element, any Error>? in
      switch event {
      case .next(let element): return .success(element)
      case .error(let error): return .failure(error)
      case .completed: return nil
      }
    }
  }

  /// A closure per element that adds the element to its argument.
  func adders() -> Observable<@Sendable (Int) -> Int> where Element == Int {
    map { element in { $0 + element } }
  }

  /// Each element with the number of elements before it.
  func numbered() -> Observable<(index: Int, element: Element)> {
    flatMap { element in Observable.just(element) }
      .scan((index: -1, element: Element?.none)) { state, element in
        (state.index + 1, element)
      }
      .compactMap { state in state.element.map { (state.index, $0) } }
  }
}

extension ObservableType where Element: OptionalType, Element.Wrapped: Sendable {
  /// The elements that are not `nil`.
  func unwrap() -> Observable<Element.Wrapped> {
    compactMap { $0.optional }
  }
}

/// What lets `unwrap()` constrain `Element` to optionals, as operator libraries declare it.
protocol OptionalType {
  associatedtype Wrapped
  var optional: Wrapped? { get }
}

extension Optional: OptionalType {
  var optional: Wrapped? { self }
}

// MARK: - extension Observable

extension Observable {
  /// The two values, one after the other.
  static func pair(_ first: Element, _ second: Element) -> Observable<Element> {
    Observable.from([first, second])
  }

  /// The elements, each twice.
  func doubled() -> Observable<Element> {
    flatMap { Observable.of($0, $0) }
  }
}

// MARK: - extension SharedSequence

extension SharedSequence {
  /// Splits the elements into those that satisfy `predicate` and those that do not.
  public func partition(_ predicate: @escaping @Sendable (Element) -> Bool) -> (
    matches: SharedSequence<SharingStrategy, Element>,
    nonMatches: SharedSequence<SharingStrategy, Element>
  ) {
    let stream = self.map { ($0, predicate($0)) }
    let hits = stream.filter { $0.1 }.map { $0.0 }
    let misses = stream.filter { !$0.1 }.map { $0.0 }
    return (hits, misses)
  }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// The elements as text, with a prefix.
  func described(prefix: String) -> Driver<String> {
    map { "\(prefix)\($0)" }
  }
}

extension SharedSequenceConvertibleType
where SharingStrategy == DriverSharingStrategy, Element == Bool {
  /// The negation of each element.
  func not() -> Driver<Bool> {
    map { !$0 }
  }
}

// MARK: - extension PrimitiveSequence

extension PrimitiveSequence where Trait == SingleTrait {
  /// The element or the error, as a `Result`; never fails.
  func mapToResult() -> Single<Result<Element, any Error>> {
    map { Result<Element, any Error>.success($0) }
      .catch { .just(.failure($0)) }
  }

  /// The element, then `next`'s element, as a pair.
  func zipped<Other>(with next: @escaping @Sendable (Element) -> Single<Other>) -> Single<
    (Element, Other)
  > {
    flatMap { element in next(element).map { (element, $0) } }
  }
}

// MARK: - extension Reactive

/// A stand-in for a view a library binds to.
@MainActor final class TitleLabel {
  var text = ""
  var history: [String] = []
}

extension TitleLabel: ReactiveCompatible {}

extension Reactive where Base: TitleLabel {
  /// Sets the label's text.
  var title: Binder<String> {
    Binder(base) { label, text in
      label.text = text
      label.history.append(text)
    }
  }
}

// MARK: - extension ObserverType

extension ObserverType {
  /// Sends each of `elements`.
  func onNext(all elements: [Element]) {
    for element in elements { onNext(element) }
  }

  /// An observer of `Input` values that sends what `transform` makes of them.
  func adapted<Input>(_ transform: @escaping @Sendable (Input) -> Element) -> AnyObserver<Input> {
    AnyObserver { event in
      switch event {
      case .next(let input): self.onNext(transform(input))
      case .error(let error): self.onError(error)
      case .completed: self.onCompleted()
      }
    }
  }
}

// MARK: - a custom ObservableType

/// Counts down from `start` to 1, then completes, as a hand-written `ObservableType`.
struct Countdown: ObservableType {
  typealias Element = Int

  let start: Int

  func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Int {
    for value in stride(from: start, through: 1, by: -1) {
      observer.onNext(value)
    }
    observer.onCompleted()
    return Disposables.create()
  }
}
