extension Observable {
  /// Returns a sequence that creates a resource for each subscription, builds the sequence from
  /// it, and disposes the resource when the subscription ends.
  ///
  /// ```swift
  /// let lines = Observable<String>.using(
  ///   { try FileHandleResource(path: path) },
  ///   observableFactory: { file in file.lines })
  /// ```
  ///
  /// The resource is disposed once, after the inner subscription has been disposed: when the
  /// sequence completes or fails, or when the subscription is disposed early.
  ///
  /// - Parameters:
  ///   - resourceFactory: Creates the resource for one subscription. If it throws, the
  ///     subscription fails with that error.
  ///   - observableFactory: Builds the sequence that uses the resource. If it throws, the
  ///     subscription fails with that error and the resource is disposed.
  /// - Returns: A sequence whose resource lives exactly as long as each subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping @Sendable () throws -> Resource,
    observableFactory: @escaping @Sendable (Resource) throws -> Observable<Element>
  ) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      let resource: Resource
      do { resource = try resourceFactory() } catch {
        observer.on(.error(error))
        return
      }
      // The inner subscription gets its own lifetime, registered before the resource, so that
      // disposal tears the subscription down first and then releases the resource.
      let inner = _Lifetime(inheriting: lifetime)
      lifetime.add(inner)
      lifetime.add(resource)
      let source: Observable<Element>
      do { source = try observableFactory(resource) } catch {
        observer.on(.error(error))
        lifetime.dispose()
        return
      }
      source._subscribe(
        AnyObserver { event in
          guard !inner.isDisposed else { return }
          observer.on(event)
          if event.isStopEvent { lifetime.dispose() }
        },
        inner
      )
    })
  }
}
