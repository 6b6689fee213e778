/// A type that is both an observable sequence and an observer that feeds it.
public protocol SubjectType<Element>: ObservableType {
  /// The observer type that feeds the subject.
  associatedtype Observer: ObserverType

  /// Returns the observer that feeds this subject.
  ///
  /// - Returns: The subject's observer side.
  func asObserver() -> Observer
}
