import Synchronization

/// A lock that needs macOS 15 and iOS 18, above the fixture's floor, with nothing to guard it.
public let plantedLock = Mutex(0)
