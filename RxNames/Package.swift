// swift-tools-version: 6.1
// RxSwift's product and module names for ObservableBridge, for code written for RxSwift that
// imports or qualifies them (`import RxSwift`, `RxSwift.Observable`, `RxCocoa.Driver`): depend
// on this package's products where you depended on RxSwift's, and the code compiles unchanged.
// Each module only re-exports its counterpart in the package one folder up.
//
// A package of its own, not products of ObservableBridge: SwiftPM refuses a package graph in
// which two packages declare modules of one name, so these names in ObservableBridge itself
// would keep every package whose graph also holds RxSwift (a library not yet ported) from
// using ObservableBridge at all. Depend on this package only where RxSwift is not in the graph.
import PackageDescription

import struct Foundation.URL

// SwiftPM names a path dependency after its folder: the clone's, whatever it is called.
let bridge = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().standardizedFileURL.lastPathComponent

let package = Package(
  name: "RxNames",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "RxSwift", targets: ["RxSwift"]),
    .library(name: "RxCocoa", targets: ["RxCocoa"]),
    .library(name: "RxRelay", targets: ["RxRelay"]),
    .library(name: "RxTest", targets: ["RxTest"]),
    .library(name: "RxBlocking", targets: ["RxBlocking"]),
  ],
  dependencies: [.package(path: "..")],
  targets: [
    .target(name: "RxSwift", dependencies: [.product(name: "ObservableCore", package: bridge)]),
    .target(name: "RxCocoa", dependencies: [.product(name: "ObservableCocoa", package: bridge)]),
    .target(name: "RxRelay", dependencies: [.product(name: "ObservableCore", package: bridge)]),
    .target(name: "RxTest", dependencies: [.product(name: "ObservableTesting", package: bridge)]),
    .target(
      name: "RxBlocking", dependencies: [.product(name: "ObservableBlocking", package: bridge)]),
  ],
  swiftLanguageModes: [.v6]
)
