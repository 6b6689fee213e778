// What `import RxCocoa` makes visible, `import ObservableCocoa` makes visible too:
// - Foundation, which RxCocoa's umbrella header (RxCocoa is a mixed-language framework)
//   imports. On Linux `URLSession` and `URLRequest` live in FoundationNetworking, which
//   `URLSession.rx` needs, so it comes along.
// - The relays, which RxCocoa re-exports from RxRelay (`@_exported import RxRelay`). Ours live
//   in ObservableCore, so the whole of ObservableCore is re-exported.
@_exported import Foundation
@_exported import ObservableCore

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
