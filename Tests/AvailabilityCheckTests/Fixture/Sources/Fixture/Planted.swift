import Observation
import Synchronization

/// A planted violation: `Mutex` needs macOS 15 and iOS 18, and nothing guards it.
let plantedLock = Mutex(0)

/// A planted violation through the package's own API: `LatestFeature` needs macOS 14.
func useLatestFeature() -> Int {
  LatestFeature().value
}

/// A use that the floor allows: `ContinuousClock` needs macOS 13 and iOS 16.
func elapsed() -> Duration {
  ContinuousClock().measure {}
}
