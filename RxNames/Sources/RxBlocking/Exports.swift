// RxBlocking's module name for ObservableBlocking: `import RxBlocking` and `toBlocking()` see
// ObservableBlocking. This module only re-exports it.
@_exported import ObservableBlocking
