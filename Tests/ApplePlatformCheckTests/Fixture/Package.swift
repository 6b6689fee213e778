// swift-tools-version: 6.1
// Not built: ApplePlatformCheckTests runs Scripts/check-apple-platforms.swift on this folder.
// Each target but Portable plants one thing that compiles on Linux and fails on Apple platforms.
import PackageDescription

let package = Package(
  name: "Fixture",
  platforms: [.macOS(.v13), .iOS(.v16)],
  targets: [
    // A header that declares a sanitizer entry point weak and calls it from an inline function.
    .target(name: "WeakShim"),
    // Calls WeakShim, which type-checks: only the C objects show the weak symbol.
    .target(name: "Portable", dependencies: ["WeakShim"]),
    // Calls sigtimedwait, which glibc has and Darwin does not.
    .target(name: "GlibcOnly"),
    // Uses Synchronization's Mutex, which needs macOS 15 and iOS 18, unguarded.
    .target(name: "NewerAPI"),
    // Calls XCTest's recordFailure, which Apple's XCTest deprecates.
    .target(name: "AppleDeprecated"),
    // Depends on a target that fails, so it is not checked.
    .target(name: "Dependent", dependencies: ["GlibcOnly"]),
    // Calls get_nprocs, glibc's, only where `#if DEBUG` is false: the debug check passes, the
    // release check fails.
    .target(name: "ReleaseOnly"),
  ]
)
