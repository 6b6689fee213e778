import WeakShim

/// Calls the inline function, which is right for the type checker.
public func annotate(_ address: UnsafeMutableRawPointer) {
  weak_shim_acquire(address)
}
