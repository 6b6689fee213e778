// An RxTest test always saw Foundation, through `import XCTest` or, with CocoaPods, through
// RxTest's generated umbrella header, so a marble test that names `NSError` or `Date` with
// `import RxTest` alone compiles here with `import ObservableTesting` alone.
@_exported import Foundation
// ObservableTesting's failure-reporting APIs (`withLeakChecking`, the marble helpers) take a
// Swift Testing `SourceLocation` whose default, `#_sourceLocation`, is a macro: it expands in the
// caller's file, and only where the Testing module is imported. Re-exporting it lets an XCTest
// test call them with `import ObservableTesting` alone, as an RxTest test does with
// `import RxTest`; a Swift Testing test imports Testing anyway.
@_exported import Testing
