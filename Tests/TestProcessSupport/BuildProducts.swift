import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder where the build put the running tests and the package's other products: the
/// executables a test runs, and `Modules/` with the compiled modules.
///
/// The tests run from a bundle named `<Package>PackageTests.xctest` in that folder: on Linux an
/// executable, which the kernel names as `/proc/self/exe`; on macOS a bundle directory, whose
/// binary (`….xctest/Contents/MacOS/…`) `xctest` or SwiftPM's testing helper loads, and which
/// `dladdr` names. The folder is the parent of the `.xctest` on the running image's path, so
/// it follows `--scratch-path` and `-c release` as well.
public enum BuildProducts {
  /// The products folder.
  ///
  /// - Returns: The folder, or `nil` if the running image is not in a `.xctest` bundle.
  public static func directory() -> URL? {
    guard let image = runningImage() else { return nil }
    var current = image
    while current.pathComponents.count > 1 {
      if current.pathExtension == "xctest" { return current.deletingLastPathComponent() }
      current = current.deletingLastPathComponent()
    }
    return nil
  }

  /// The executable product `name` (an `executableTarget` the test target depends on, so that
  /// the build makes it first).
  ///
  /// - Parameter name: The product's name, such as `bridge-demo`.
  /// - Returns: Its path, or `nil` if it was not built.
  public static func executable(named name: String) -> URL? {
    guard let url = directory()?.appendingPathComponent(name),
      FileManager.default.isExecutableFile(atPath: url.path)
    else { return nil }
    return url
  }

  /// The file of the image this code runs in, with symbolic links resolved.
  private static func runningImage() -> URL? {
    #if os(Linux)
      return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      var info = Dl_info()
      guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return nil }
      return URL(fileURLWithPath: String(cString: name)).resolvingSymlinksInPath()
    #endif
  }
}
