// RxCocoa's module name for ObservableCocoa: `import RxCocoa` and `RxCocoa.Driver` see
// ObservableCocoa (which re-exports ObservableCore and Foundation, as RxCocoa re-exports RxSwift
// and RxRelay). This module only re-exports it.
@_exported import ObservableCocoa
