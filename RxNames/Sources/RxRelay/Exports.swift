// RxRelay's module name: `import RxRelay` and `RxRelay.BehaviorRelay` see ObservableCore, where
// the relays live. This module only re-exports it.
@_exported import ObservableCore
