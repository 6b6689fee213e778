// swift-tools-version:6.0
// Shows the Swift runtime's ThreadSanitizer false positive that `.ci/tsan.supp` names, with no
// code from this package: `swift run --sanitize=thread -c debug repro` reports a data race in
// `withUnsafeContinuation`'s resumption; with `TSAN_OPTIONS=suppressions=../tsan.supp` it does
// not. Not part of CI.
import PackageDescription

let package = Package(name: "repro", targets: [.executableTarget(name: "repro")])
