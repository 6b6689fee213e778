#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if DEBUG
  /// How long to wait before asking again: fixed in a debug build.
  public func retryDelay() -> Int { 1 }
#else
  /// How long to wait before asking again: a glibc-only call, in the half of `#if DEBUG` that
  /// only a release build compiles.
  public func retryDelay() -> Int { Int(get_nprocs()) }
#endif
