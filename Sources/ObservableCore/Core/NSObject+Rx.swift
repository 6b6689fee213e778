#if canImport(Foundation)
  import Foundation

  /// Every Foundation class, and every class that inherits from `NSObject`, gets `.rx`, as in
  /// RxSwift.
  ///
  /// ```swift
  /// extension Reactive where Base: URLSession {
  ///   func data(for request: URLRequest) -> Single<Data> { ... }
  /// }
  /// URLSession.shared.rx.data(for: request)
  /// ```
  ///
  /// `rx` has the static type of the value it is reached from: `URLSession.shared.rx` is a
  /// `Reactive<URLSession>`, so extensions constrained with `where Base: URLSession` apply.
  /// `Reactive` places no requirement on its base, and is `Sendable` only when the base is;
  /// most `NSObject` subclasses are not, so a reactive extension that reaches `base` from a
  /// `@Sendable` closure (an operator's, `create`'s) must capture what it needs from `base`
  /// first, or hold the object weakly, as it must for any non-`Sendable` value.
  extension NSObject: ReactiveCompatible {}
#endif
