import GlibcOnly

/// Uses a target that does not type-check for Apple platforms.
public func dependent() {
  takePendingBrokenPipe()
}
