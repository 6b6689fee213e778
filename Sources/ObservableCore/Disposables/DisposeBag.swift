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
/// A bag can also be filled with a list of subscriptions:
///
/// ```swift
/// let disposeBag = DisposeBag {
///   names.bind(to: viewModel.rx.title)
///   taps.subscribe(onNext: { _ in save() })
/// }
/// disposeBag.insert {
///   errors.bind(to: errorRelay)
/// }
/// ```
///
/// To dispose early, replace the bag with a new one. Adding to a bag that is being deallocated
/// disposes the new disposable at once.
public final class DisposeBag: Sendable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

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

  /// Creates a bag holding the disposables that `builder` lists.
  ///
  /// - Parameter builder: Lists the disposables, one expression per line.
  public convenience init(@DisposableBuilder builder: () -> [any Disposable]) {
    self.init(disposing: builder())
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

  /// Adds the disposables that `builder` lists to the bag.
  ///
  /// - Parameter builder: Lists the disposables, one expression per line.
  public func insert(@DisposableBuilder builder: () -> [any Disposable]) {
    insert(builder())
  }

  /// Builds a list of disposables from the expressions of a closure, one per line, for
  /// ``DisposeBag/init(builder:)`` and ``DisposeBag/insert(builder:)``.
  ///
  /// `if`, `if`-`else`, `switch` and `for` loops may choose or repeat the lines.
  @resultBuilder
  public enum DisposableBuilder {
    /// Collects the lines of a block.
    ///
    /// - Parameter disposables: The disposables of each line.
    /// - Returns: All of them, in order.
    public static func buildBlock(_ disposables: [any Disposable]...) -> [any Disposable] {
      disposables.flatMap { $0 }
    }

    /// Turns one line into a list.
    ///
    /// - Parameter disposable: The disposable of the line.
    /// - Returns: A one-element list.
    public static func buildExpression(_ disposable: any Disposable) -> [any Disposable] {
      [disposable]
    }

    /// Handles an `if` without `else`.
    ///
    /// - Parameter disposables: The disposables of the branch, if it ran.
    /// - Returns: Them, or an empty list.
    public static func buildOptional(_ disposables: [any Disposable]?) -> [any Disposable] {
      disposables ?? []
    }

    /// Handles the first branch of an `if`-`else` or `switch`.
    ///
    /// - Parameter disposables: The disposables of the branch.
    /// - Returns: Them, unchanged.
    public static func buildEither(first disposables: [any Disposable]) -> [any Disposable] {
      disposables
    }

    /// Handles the second branch of an `if`-`else` or `switch`.
    ///
    /// - Parameter disposables: The disposables of the branch.
    /// - Returns: Them, unchanged.
    public static func buildEither(second disposables: [any Disposable]) -> [any Disposable] {
      disposables
    }

    /// Handles a `for` loop.
    ///
    /// - Parameter disposables: The disposables of each iteration.
    /// - Returns: All of them, in order.
    public static func buildArray(_ disposables: [[any Disposable]]) -> [any Disposable] {
      disposables.flatMap { $0 }
    }
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
