import Foundation

/// The executable product `name`, which `swift build` puts next to the test bundle, or `nil`
/// if it was not built.
///
/// The test target depends on the executables it runs, so that `swift test` builds them first.
func builtExecutable(named name: String) -> URL? {
  var candidates: [URL] = []
  if let bundle = CommandLine.arguments.first {
    candidates.append(URL(fileURLWithPath: bundle).deletingLastPathComponent())
  }
  candidates.append(
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
  candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
  for directory in candidates {
    var current = directory
    // The test bundle may sit inside a `.xctest` directory on some platforms.
    for _ in 0..<3 {
      let url = current.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
      current = current.deletingLastPathComponent()
    }
  }
  return nil
}
