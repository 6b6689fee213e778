// swift-tools-version: 6.1
// Tested with Swift 6.3.1 on Linux (the toolchain CI builds). Newer APIs are guarded in the
// sources (`#if compiler(>=6.2)` for Observations, `#if canImport(Observation)`). Tools 6.1 for
// package traits.
import PackageDescription

let package = Package(
  name: "ObservableBridge",
  // The floor on Apple platforms: the first releases with Swift's `Clock` and `Duration`, which
  // the time-based API takes (see README.md, "Platforms"). What needs newer systems is marked
  // `@available`, and Scripts/check-availability.swift checks every use against this list.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "ObservableCore", targets: ["ObservableCore"]),
    .library(name: "ObservableTesting", targets: ["ObservableTesting"]),
    .library(name: "ObservableCocoa", targets: ["ObservableCocoa"]),
    .library(name: "AsyncBridge", targets: ["AsyncBridge"]),
    .library(name: "GitHubAsync", targets: ["GitHubAsync"]),
    .library(name: "GitHubReplay", targets: ["GitHubReplay"]),
    .library(name: "ObservableBlocking", targets: ["ObservableBlocking"]),
    // RxSwift's module names (`import RxSwift`, `RxSwift.Observable`) are the products of the
    // package in RxNames/, not of this one: a build cannot hold two modules of one name, so
    // here they would keep every package whose graph also holds RxSwift from using this one.
    .executable(name: "bridge-demo", targets: ["bridge-demo"]),
  ],
  traits: [
    .trait(
      name: "TraceResources",
      description: """
        RxSwift's TRACE_RESOURCES: Resources.total counts every live observable, subject, \
        subscription, sink, disposable and scheduled item from the start of the process, and \
        Resources.incrementTotal()/decrementTotal() exist. Off by default; costs nothing when off.
        """)
  ],
  targets: [
    .target(name: "ObservableCoreShims"),
    // README.md: the contributor's map of the engines, not a resource.
    .target(name: "ObservableCore", dependencies: ["ObservableCoreShims"], exclude: ["README.md"]),
    .target(name: "ObservableTesting", dependencies: ["ObservableCore"]),
    // RxCocoa's platform-independent half: SharedSequence, Driver and Signal.
    .target(name: "ObservableCocoa", dependencies: ["ObservableCore"]),
    .target(name: "AsyncBridge", dependencies: ["ObservableCore"]),
    .target(name: "GitHubAsync", dependencies: ["ObservableCore", "AsyncBridge"]),
    .target(name: "GitHubReplay", dependencies: ["ObservableCore"], resources: [.copy("Fixtures")]),
    // RxBlocking's toBlocking(): blocking operators for tests and tools.
    .target(name: "ObservableBlocking", dependencies: ["ObservableCore"]),
    .executableTarget(
      name: "bridge-demo",
      dependencies: ["ObservableCore", "AsyncBridge", "GitHubAsync", "GitHubReplay"]
    ),
    // Test fixtures, not products: programs that ObservableCoreTests run in processes of their
    // own. MainSchedulerTests runs the first (MainScheduler on a program's main thread and
    // queue). The second prints what the default hooks print (debug lines, unhandled errors,
    // reentrant events, main-thread violations, ObservableCocoa's control events that fail), so
    // that HookDefaultsTests can check standard output.
    .executableTarget(
      name: "main-scheduler-example", dependencies: ["ObservableCore", "ObservableCocoa"],
      path: "Tests/Executables/main-scheduler-example"),
    .executableTarget(
      name: "hooks-defaults-example", dependencies: ["ObservableCore", "ObservableCocoa"],
      path: "Tests/Executables/hooks-defaults-example"),
    // Test support, not a product, and a dependency of test targets only: starts child processes
    // with posix_spawn, closing every descriptor but the standard three in the child. Tests use
    // it instead of Foundation's Process, whose run() in 6.3.1 can crash when over about 1,350
    // descriptors are open, as they are while GitHubAsyncTests run (see SpawnedProcess). It also
    // holds SplitMix64, the seeded generator of the fuzz and randomized tests.
    .target(name: "TestProcessSupportShims", path: "Tests/TestProcessSupportShims"),
    .target(
      name: "TestProcessSupport", dependencies: ["ObservableCore", "TestProcessSupportShims"],
      path: "Tests/TestProcessSupport"),
    .testTarget(
      name: "TestProcessSupportTests", dependencies: ["TestProcessSupport", "ObservableTesting"]),
    .testTarget(
      name: "ObservableCoreTests",
      // The executables are dependencies so that `swift test` builds them before
      // MainSchedulerTests and HookDefaultsTests run them.
      dependencies: [
        "ObservableCore", "ObservableTesting", "TestProcessSupport", "main-scheduler-example",
        "hooks-defaults-example",
      ]),
    .testTarget(
      name: "ObservableTestingTests",
      dependencies: ["ObservableCore", "ObservableTesting", "TestProcessSupport"]),
    // Every marble diagram in the doc comments of Sources/, run on a TestScheduler and compared
    // with what its operator does (DocDiagramTests).
    .testTarget(
      name: "DocumentationTests",
      dependencies: ["ObservableCore", "ObservableTesting", "ObservableCocoa"]),
    // XCTest tests of ObservableTesting: its XCTAssert helpers, and failures that must fail an
    // XCTest test, checked by running deliberately failing tests in a child process.
    .testTarget(
      name: "ObservableTestingXCTests",
      dependencies: ["ObservableCore", "ObservableTesting", "TestProcessSupport"]),
    .testTarget(
      name: "ObservableCocoaTests",
      // GitHubReplay serves the URLSession.rx tests over real sockets.
      dependencies: [
        "ObservableCocoa", "ObservableCore", "ObservableTesting", "ObservableBlocking",
        "GitHubReplay",
      ]),
    .testTarget(
      name: "AsyncBridgeTests",
      dependencies: ["AsyncBridge", "ObservableCore", "ObservableTesting"]),
    .testTarget(name: "GitHubReplayTests", dependencies: ["GitHubReplay", "ObservableTesting"]),
    .testTarget(
      name: "ObservableBlockingTests", dependencies: ["ObservableBlocking", "ObservableCore"]),
    // Real-thread races with fixed iteration counts and deadlines; CI runs them alone under
    // AddressSanitizer and with the whole suite under ThreadSanitizer.
    .testTarget(
      name: "StressTests",
      dependencies: ["ObservableCore", "ObservableTesting", "AsyncBridge"]),
    .testTarget(
      name: "BridgeDemoTests",
      // The executable is a dependency so that `swift test` builds it before the tests run it.
      dependencies: [
        "bridge-demo", "GitHubReplay", "GitHubAsync", "ObservableCore", "ObservableTesting",
        "TestProcessSupport",
      ]),
    // Code written for RxSwift 6 and RxCocoa (the articles' samples, RxExample-style signup and
    // search view models), compiled in Swift 5 language mode with only the imports changed, and
    // tested for its output.
    .testTarget(
      name: "RxSwiftPortTests",
      dependencies: [
        "ObservableCore", "ObservableCocoa", "ObservableTesting", "ObservableBlocking",
        "GitHubReplay",
      ],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // Type-checks client code against the built modules in Swift 5 and Swift 6 language modes,
    // and the view models of MainActorDefault (compiled by the tests, not with the target) in a
    // module that defaults to the main actor.
    .testTarget(
      name: "LanguageModeTests",
      dependencies: [
        "ObservableCore", "ObservableTesting", "ObservableCocoa", "AsyncBridge", "GitHubAsync",
        "ObservableBlocking", "TestProcessSupport",
      ],
      exclude: ["MainActorDefault"]),
    // RxSwift's resource tracing (the TraceResources trait), checked as RxSwift's tests do:
    // XCTest cases that read Resources.total before and after. Without the trait it only
    // checks that nothing of it is compiled in.
    .testTarget(
      name: "ResourceTracingTests",
      dependencies: ["ObservableCore", "ObservableCocoa", "ObservableTesting", "AsyncBridge"]),
    // Runs Scripts/check-availability.swift on a fixture package with planted violations.
    .testTarget(
      name: "AvailabilityCheckTests", dependencies: ["TestProcessSupport"], exclude: ["Fixture"]),
    // Runs Scripts/check-apple-platforms.swift on a fixture package with planted Linux-only
    // code, an API newer than its floor, an Apple deprecation and a weak sanitizer symbol.
    .testTarget(
      name: "ApplePlatformCheckTests", dependencies: ["TestProcessSupport"], exclude: ["Fixture"]),
    .testTarget(
      name: "GitHubAsyncTests",
      dependencies: [
        "GitHubAsync", "GitHubReplay", "AsyncBridge", "ObservableCore", "ObservableTesting",
        "TestProcessSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// With the TraceResources trait, every Swift target sees TRACE_RESOURCES, RxSwift's name for
// it, so that code written for RxSwift's resource tracing (`#if TRACE_RESOURCES`) compiles as is.
for target in package.targets
where target.type != .system && target.name != "ObservableCoreShims"
  && target.name != "TestProcessSupportShims"
{
  target.swiftSettings =
    (target.swiftSettings ?? []) + [.define("TRACE_RESOURCES", .when(traits: ["TraceResources"]))]
}
