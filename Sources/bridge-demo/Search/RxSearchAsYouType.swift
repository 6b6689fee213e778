import GitHubAsync
import ObservableCore

/// Search as you type with Rx: `debounce`, `distinctUntilChanged`, `flatMapLatest`.
enum RxSearchAsYouType {
  /// Turns the text of a search field into search activity.
  ///
  /// The text is searched once it has not changed for the debounce time, and only if it
  /// differs from the text searched before. A search still in flight when newer text settles
  /// is disposed, which cancels its request, and reported through `cancelled`: a disposed
  /// inner can no longer send anything downstream.
  ///
  /// - Parameters:
  ///   - text: The text of the field after each keystroke.
  ///   - client: The GitHub client.
  ///   - settings: The debounce time and page size.
  ///   - scheduler: The scheduler of the debounce timer.
  ///   - cancelled: Called with the text of each search cancelled in flight.
  /// - Returns: The activity, ending when `text` completes and the last search has answered.
  static func activity(
    text: Observable<String>, client: GitHubClient, settings: SearchAsYouTypeSettings,
    scheduler: any SchedulerType, cancelled: @escaping @Sendable (String) -> Void
  ) -> Observable<SearchActivity> {
    let settled = text.debounce(settings.debounce, scheduler: scheduler).share()
    let searches =
      settled
      .distinctUntilChanged()
      .flatMapLatest { query -> Observable<SearchActivity> in
        if query.isEmpty { return .just(.cleared) }
        return client.rx.searchRepositoriesPage(query, perPage: settings.perPage)
          .asObservable()
          .map { SearchActivity.results(query, $0.items) }
          .catch { error in .just(.failed(query, Format.error(error))) }
          .startWith(.searching(query))
          .reportingCancellation { cancelled(query) }
      }
    return Observable.merge(settled.map(SearchActivity.settled), searches)
  }
}

extension ObservableType {
  /// Calls `onCancel` if the subscription is disposed before the sequence ends.
  func reportingCancellation(_ onCancel: @escaping @Sendable () -> Void) -> Observable<Element> {
    reportingDisposal { cancelled in if cancelled { onCancel() } }
  }

  /// Calls `onDisposed` once the subscription has been disposed, however it ended: with
  /// `true` if it was disposed before the sequence ended (cancelled), `false` after an error
  /// or completion.
  ///
  /// Disposal follows a terminal event, so a subscriber that waits for this call after its
  /// own terminal event sees whether the sequence was cancelled, never a state in between.
  func reportingDisposal(
    _ onDisposed: @escaping @Sendable (_ cancelled: Bool) -> Void
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable.deferred {
      // One flag per subscription.
      let ended = _Mutex(false)
      return source.do(
        onError: { _ in ended.withLock { $0 = true } },
        onCompleted: { ended.withLock { $0 = true } },
        onDispose: { onDisposed(!ended.withLock { $0 }) })
    }
  }
}
