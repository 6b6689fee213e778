// RxSwift's module name for ObservableCore: `import RxSwift`, and names qualified with it, as
// in a library's `typealias Observable = RxSwift.Observable`, see ObservableCore. This module
// only re-exports it.
@_exported import ObservableCore
