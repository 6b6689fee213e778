// RxTest's module name for ObservableTesting: `import RxTest` and `RxTest.TestScheduler` see
// ObservableTesting. This module only re-exports it.
@_exported import ObservableTesting
