// swift-tools-version: 6.0
import PackageDescription

// The stress suite and only what it depends on, for CI's AddressSanitizer run and for its
// ThreadSanitizer run of the portable locks and atomics (-D OBSERVABLE_PORTABLE_LOCKS): the
// sources are the root package's, through symbolic links, so nothing else is compiled with the
// sanitizer. Keep the targets' settings in step with ../../Package.swift.
let package = Package(
  name: "StressUnderASan",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  targets: [
    .target(name: "ObservableCoreShims"),
    // README.md: the contributor's map of the engines, not a resource (as in ../../Package.swift).
    .target(name: "ObservableCore", dependencies: ["ObservableCoreShims"], exclude: ["README.md"]),
    .target(name: "ObservableTesting", dependencies: ["ObservableCore"]),
    .target(name: "AsyncBridge", dependencies: ["ObservableCore"]),
    .testTarget(
      name: "StressTests",
      dependencies: ["ObservableCore", "ObservableTesting", "AsyncBridge"]),
  ],
  swiftLanguageModes: [.v6]
)
