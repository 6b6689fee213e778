// swift-tools-version: 6.0
import PackageDescription

// Benchmarks live in their own package so the library keeps zero dependencies.
// Run from this folder: swift build -c release && .build/release/benchmarks
let package = Package(
  name: "Benchmarks",
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
  ],
  targets: [
    .executableTarget(
      name: "benchmarks",
      dependencies: [
        .product(name: "ObservableCore", package: "main"),
        .product(name: "AsyncBridge", package: "main"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
