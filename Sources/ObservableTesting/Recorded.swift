import ObservableCore

/// A point in a ``TestScheduler``'s virtual time, in ticks.
public typealias TestTime = Int

/// A value recorded at a virtual time, such as an event seen by a ``TestableObserver``.
public struct Recorded<Value> {
  /// When the value was recorded.
  public let time: TestTime
  /// The recorded value.
  public let value: Value

  /// Creates a record of `value` at `time`.
  ///
  /// - Parameters:
  ///   - time: The virtual time.
  ///   - value: The value.
  public init(time: TestTime, value: Value) {
    self.time = time
    self.value = value
  }
}

extension Recorded: Sendable where Value: Sendable {}
extension Recorded: Equatable where Value: Equatable {}

extension Recorded: CustomDebugStringConvertible {
  /// The value and its time, for test failure messages.
  public var debugDescription: String {
    "\(value) @ \(time)"
  }
}

extension Recorded {
  /// A ``/ObservableCore/Event/next(_:)`` event at `time`.
  ///
  /// - Parameters:
  ///   - time: The virtual time.
  ///   - element: The element.
  /// - Returns: The recorded event.
  public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>>
  where Value == Event<T> {
    Recorded(time: time, value: .next(element))
  }

  /// A ``/ObservableCore/Event/completed`` event at `time`.
  ///
  /// - Parameters:
  ///   - time: The virtual time.
  ///   - type: The element type, when it cannot be inferred.
  /// - Returns: The recorded event.
  public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>>
  where Value == Event<T> {
    Recorded(time: time, value: .completed)
  }

  /// An ``/ObservableCore/Event/error(_:)`` event at `time`.
  ///
  /// - Parameters:
  ///   - time: The virtual time.
  ///   - error: The error.
  ///   - type: The element type, when it cannot be inferred.
  /// - Returns: The recorded event.
  public static func error<T>(_ time: TestTime, _ error: any Swift.Error, _ type: T.Type = T.self)
    -> Recorded<Event<T>> where Value == Event<T>
  {
    Recorded(time: time, value: .error(error))
  }
}

extension Recorded {
  /// Returns its arguments as an array, as RxTest's `Recorded.events` does.
  ///
  /// It lets the element type be inferred once for a whole list:
  /// `Recorded.events(.next(210, 2), .completed(300))`.
  ///
  /// - Parameter recordedEvents: The recorded events.
  /// - Returns: The same events, in order.
  public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>]
  where Value == Event<T> {
    recordedEvents
  }

  /// Returns `recordedEvents` unchanged, as RxTest's `Recorded.events` does.
  ///
  /// - Parameter recordedEvents: The recorded events.
  /// - Returns: The same events.
  public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]) -> [Recorded<Event<T>>]
  where Value == Event<T> {
    recordedEvents
  }
}

/// The virtual times at which an observer subscribed to and unsubscribed from a test source.
public struct Subscription: Hashable, Sendable, CustomDebugStringConvertible {
  /// When the subscription started.
  public let subscribe: TestTime
  /// When it was disposed, or `Int.max` if it is still active.
  public let unsubscribe: TestTime

  /// A subscription that started at `subscribe` and is still active.
  ///
  /// - Parameter subscribe: The virtual time of subscription.
  public init(_ subscribe: TestTime) {
    self.init(subscribe, Int.max)
  }

  /// A subscription from `subscribe` until `unsubscribe`.
  ///
  /// - Parameters:
  ///   - subscribe: The virtual time of subscription.
  ///   - unsubscribe: The virtual time of disposal.
  public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
    self.subscribe = subscribe
    self.unsubscribe = unsubscribe
  }

  /// `(subscribe: unsubscribe)`, or `(subscribe: Infinity)` while still active, for test
  /// failure messages, as RxTest's `Subscription` prints itself.
  public var debugDescription: String {
    "(\(subscribe): \(unsubscribe == Int.max ? "Infinity" : String(unsubscribe)))"
  }
}
