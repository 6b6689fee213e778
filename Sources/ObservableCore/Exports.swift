// An app that moves from RxSwift keeps the Foundation it saw through `import RxSwift`: with
// CocoaPods (`use_frameworks!`) every pod's generated umbrella header imports UIKit or Cocoa,
// and RxCocoa's own umbrella header imports Foundation. Re-exporting Foundation here means a
// file that named `Date`, `URL` or `NSRecursiveLock` with only Rx imports still compiles once
// the imports change. ObservableCore links Foundation anyway (`OperationQueueScheduler`,
// `NSObject.rx`, the default call-stack capture of `Hooks`).
@_exported import Foundation
