import Synchronization

/// Collects disposables and disposes them all when the bag is deallocated.
///
/// ```swift
/// final class ViewModel {
///   let disposeBag = DisposeBag()
///   init(query: Observable<String>) {
///     query.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
///   }
/// }
/// ```
///
/// To dispose early, replace the bag with a new one. Adding to a bag that is being deallocated
/// disposes the new disposable at once.
public final class DisposeBag: Sendable {
  private struct State {
    var disposables: [any Disposable] = []
    var isDisposed = false
  }

  private let state = _Mutex(State())

  /// Creates an empty bag.
  public init() {}

  /// Creates a bag holding `disposables`.
  ///
  /// - Parameter disposables: The disposables to dispose with the bag.
  public convenience init(disposing disposables: any Disposable...) {
    self.init(disposing: disposables)
  }

  /// Creates a bag holding `disposables`.
  ///
  /// - Parameter disposables: The disposables to dispose with the bag.
  public convenience init(disposing disposables: [any Disposable]) {
    self.init()
    insert(disposables)
  }

  /// Adds `disposable` to the bag.
  ///
  /// - Parameter disposable: The disposable to dispose with the bag.
  public func insert(_ disposable: any Disposable) {
    let accepted = state.withLock { state -> Bool in
      guard !state.isDisposed else { return false }
      state.disposables.append(disposable)
      return true
    }
    if !accepted { disposable.dispose() }
  }

  /// Adds every disposable in `disposables` to the bag.
  ///
  /// - Parameter disposables: The disposables to dispose with the bag.
  public func insert(_ disposables: any Disposable...) {
    insert(disposables)
  }

  /// Adds every disposable in `disposables` to the bag.
  ///
  /// - Parameter disposables: The disposables to dispose with the bag.
  public func insert(_ disposables: [any Disposable]) {
    for disposable in disposables { insert(disposable) }
  }

  private func disposeAll() {
    let all = state.withLock { state -> [any Disposable] in
      state.isDisposed = true
      defer { state.disposables = [] }
      return state.disposables
    }
    for disposable in all { disposable.dispose() }
  }

  deinit {
    disposeAll()
  }
}

extension Disposable {
  /// Adds this disposable to `bag`, to be disposed when the bag is deallocated.
  ///
  /// - Parameter bag: The bag.
  public func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }
}
