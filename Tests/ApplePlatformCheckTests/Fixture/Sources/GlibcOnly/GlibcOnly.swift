#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Takes a pending SIGPIPE without waiting: `sigtimedwait` is glibc's, and Darwin has none.
public func takePendingBrokenPipe() {
  var brokenPipe = sigset_t()
  sigemptyset(&brokenPipe)
  sigaddset(&brokenPipe, SIGPIPE)
  var noWait = timespec(tv_sec: 0, tv_nsec: 0)
  _ = sigtimedwait(&brokenPipe, nil, &noWait)
}
