import Observation
import Synchronization

/// The package's own API that needs a newer system than the floor.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct LatestFeature {
  /// A value.
  var value: Int { 1 }
}

/// Guarded by the declaration's `@available`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func guardedByAttribute() -> Int {
  Mutex(1).withLock { $0 }
}

/// Guarded by `if #available`.
func guardedByCheck() -> Int {
  if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
    return Mutex(2).withLock { $0 }
  }
  return 0
}

/// Guarded by `guard #available`.
func guardedByGuard() -> Int {
  guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return 0 }
  return LatestFeature().value
}

#if os(Linux)
  /// Compiled on Linux only.
  let linuxOnlyLock = Mutex(3)
#endif

#if canImport(Glibc)
  /// Compiled where Glibc is, never on Apple platforms.
  let glibcOnlyLock = Mutex(4)
#else
  /// Compiled on Apple platforms: the floor allows `Duration`.
  let portableDelay = Duration.seconds(1)
#endif

/// Guarded by an `@available` type around it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class Model {
  /// A tracked value.
  var count = 0
}
