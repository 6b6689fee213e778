// swift-tools-version: 6.0
import PackageDescription

// The stress suite and only what it depends on, for CI's AddressSanitizer run: the sources are
// the root package's, through symbolic links, so nothing else is compiled with the sanitizer.
// Keep the targets' settings in step with ../../Package.swift.
let package = Package(
  name: "StressUnderASan",
  targets: [
    .target(name: "ObservableCoreShims"),
    .target(name: "ObservableCore", dependencies: ["ObservableCoreShims"]),
    .target(name: "ObservableTesting", dependencies: ["ObservableCore"]),
    .target(name: "AsyncBridge", dependencies: ["ObservableCore"]),
    .testTarget(
      name: "StressTests",
      dependencies: ["ObservableCore", "ObservableTesting", "AsyncBridge"]),
  ],
  swiftLanguageModes: [.v6]
)
