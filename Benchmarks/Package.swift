// swift-tools-version: 6.0
import PackageDescription

import class Foundation.FileManager
import class Foundation.ProcessInfo
import struct Foundation.URL

// Benchmarks live in their own package so the library keeps zero dependencies.
// Run from this folder: swift build -c release && .build/release/benchmarks
//
// RxSwift is an optional peer, off unless RXSWIFT_PATH names a local checkout of RxSwift 6
// (a package with the RxSwift and RxRelay products), for example
//   RXSWIFT_PATH=$PWD/../../shared/peers/RxSwift-6.10.2 swift build -c release
// With it, every workload gets an RxSwift row measured in the same process run.
let rxSwiftPath = ProcessInfo.processInfo.environment["RXSWIFT_PATH"].flatMap {
  $0.isEmpty ? nil : $0
}

// A path dependency's identity is its folder's name, and a clone's folder can have any name.
let libraryIdentity = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().standardizedFileURL.lastPathComponent

var dependencies: [Package.Dependency] = [
  .package(path: ".."),
  .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
]
var benchmarkDependencies: [Target.Dependency] = [
  .product(name: "ObservableCore", package: libraryIdentity),
  .product(name: "ObservableTesting", package: libraryIdentity),
  .product(name: "AsyncBridge", package: libraryIdentity),
  .product(name: "OpenCombine", package: "OpenCombine"),
  .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
]
var swiftSettings: [SwiftSetting] = []
// The app-shaped benchmarks (Sources/app-benchmarks): our products an app uses, and RxSwift's.
var appDependencies: [Target.Dependency] = [
  .product(name: "ObservableCore", package: libraryIdentity),
  .product(name: "ObservableCocoa", package: libraryIdentity),
]
var appSwiftSettings: [SwiftSetting] = []

if let rxSwiftPath {
  // A path dependency's identity is its folder's name.
  let identity = URL(fileURLWithPath: rxSwiftPath).standardizedFileURL.lastPathComponent
  dependencies.append(.package(path: rxSwiftPath))
  benchmarkDependencies += [
    .product(name: "RxSwift", package: identity),
    .product(name: "RxRelay", package: identity),
  ]
  swiftSettings.append(.define("RXSWIFT_PEER"))
  appDependencies += [
    .product(name: "RxSwift", package: identity),
    .product(name: "RxRelay", package: identity),
  ]
  appSwiftSettings.append(.define("RXSWIFT_PEER"))
  // RxCocoa's platform-independent half (Driver) for the app-shaped Driver row, where the
  // checkout has it; upstream RxCocoa may not build on Linux, and then that row has no peer.
  if FileManager.default.fileExists(atPath: rxSwiftPath + "/RxCocoa/Driver.swift"),
    ProcessInfo.processInfo.environment["RXSWIFT_NO_RXCOCOA"] == nil
  {
    appDependencies.append(.product(name: "RxCocoa", package: identity))
    appSwiftSettings.append(.define("RXCOCOA_PEER"))
  }
}

let package = Package(
  name: "Benchmarks",
  // The library's floor: SwiftPM refuses a dependency whose floor is above its client's.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: dependencies,
  targets: [
    .executableTarget(
      name: "benchmarks",
      dependencies: benchmarkDependencies,
      swiftSettings: swiftSettings
    ),
    // The app-shaped workloads (issue 30), one text compiled in both language modes:
    // app-benchmarks-swift6's sources are symbolic links to app-benchmarks' files.
    // `benchmarks` runs both executables and prints their rows; each also runs on its own.
    .executableTarget(
      name: "app-benchmarks",
      dependencies: appDependencies,
      swiftSettings: appSwiftSettings + [.swiftLanguageMode(.v5)]
    ),
    .executableTarget(
      name: "app-benchmarks-swift6",
      dependencies: appDependencies,
      swiftSettings: appSwiftSettings + [.swiftLanguageMode(.v6)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
