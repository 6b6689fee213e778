// swift-tools-version: 6.1
// Not built: AvailabilityCheckTests runs Scripts/check-availability.swift on this folder.
// Planted.swift uses newer APIs than this floor without a guard; Guarded.swift uses the same
// APIs behind every kind of guard the script accepts.
import PackageDescription

let package = Package(
  name: "Fixture",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  targets: [.target(name: "Fixture")]
)
