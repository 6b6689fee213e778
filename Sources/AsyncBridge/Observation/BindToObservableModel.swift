#if canImport(Observation)
  import ObservableCore
  import Observation

  @available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
  extension ObservableType {
    /// Sets each element on a property of a `@MainActor` `@Observable` model, on the main
    /// actor.
    ///
    /// ```swift
    /// @MainActor @Observable final class SearchModel {
    ///   var results: [Repository] = []
    /// }
    /// query
    ///   .flatMapLatest { text in search(text) }
    ///   .bind(to: model, \.results)
    ///   .disposed(by: disposeBag)
    /// ```
    ///
    /// Elements are delivered through `observe(on:)` a ``/ObservableCore/MainScheduler`` of the
    /// binding's own (as ``/ObservableCore/Binder`` does): at once when they arrive on the main
    /// thread with nothing of this binding queued before them, and otherwise queued on the main
    /// queue, in order. The property is set inside the main actor's isolation, so the
    /// model's observers (SwiftUI views, `Observations`, ``ObservableCore/Observable/observing(_:)``)
    /// see an ordinary main-actor mutation. On Linux, something must drain the main queue (an
    /// `async` `main`, or `dispatchMain()`).
    ///
    /// As with ``/ObservableCore/Binder``, the model is held weakly (elements arriving after it
    /// is released are dropped), completion ends the binding, and an error, which a binding
    /// cannot show, ends it and goes to ``/ObservableCore/Hooks/defaultErrorHandler``.
    ///
    /// **Cancellation:** disposing the returned disposable disposes the subscription and drops
    /// the elements still queued for the main queue: nothing is set after the disposal has
    /// been observed on the main actor.
    ///
    /// - Parameters:
    ///   - model: The model to update. It is not retained.
    ///   - keyPath: The property to set.
    /// - Returns: A disposable that ends the binding.
    @MainActor
    public func bind<Model: Observation.Observable & AnyObject & Sendable>(
      to model: Model, _ keyPath: ReferenceWritableKeyPath<Model, Element>
    ) -> any Disposable {
      let target = _MainActorPropertyTarget(model, keyPath)
      return asObservable()
        .observe(on: MainScheduler())
        .subscribe(
          onNext: { element in
            // observe(on: MainScheduler) delivers on the main queue, the main actor's executor;
            // assumeIsolated checks that at run time.
            MainActor.assumeIsolated { target.set(element) }
          },
          onError: { error in Hooks.reportUnhandledError(error) })
    }

    /// Sets each element, wrapped in `Optional`, on an optional property of a `@MainActor`
    /// `@Observable` model, on the main actor.
    ///
    /// Delivery, retention and errors are as in the non-optional `bind(to:_:)`.
    ///
    /// **Cancellation:** disposing the returned disposable disposes the subscription and drops
    /// the elements still queued for the main queue.
    ///
    /// - Parameters:
    ///   - model: The model to update. It is not retained.
    ///   - keyPath: The optional property to set.
    /// - Returns: A disposable that ends the binding.
    @MainActor
    public func bind<Model: Observation.Observable & AnyObject & Sendable>(
      to model: Model, _ keyPath: ReferenceWritableKeyPath<Model, Element?>
    ) -> any Disposable {
      asObservable().map { $0 as Element? }.bind(to: model, keyPath)
    }
  }

  /// A weakly held model and one of its properties, used only on the main actor.
  ///
  /// Not public API. Being `@MainActor`, it is `Sendable` while holding a key path that is not.
  @MainActor
  internal final class _MainActorPropertyTarget<Model: AnyObject & Sendable, Value> {
    private weak var model: Model?
    private let keyPath: ReferenceWritableKeyPath<Model, Value>

    init(_ model: Model, _ keyPath: ReferenceWritableKeyPath<Model, Value>) {
      self.model = model
      self.keyPath = keyPath
    }

    func set(_ value: Value) {
      model?[keyPath: keyPath] = value
    }
  }
#endif
