import ObservableCore
import ObservableTesting
import Testing

@Suite("RefCountDisposable")
struct RefCountDisposableTests {
  @Test("with no dependents, disposing it disposes the underlying disposable once")
  func noDependents() {
    let underlying = DisposalCounter()
    let refCount = RefCountDisposable(disposable: underlying)
    #expect(!refCount.isDisposed)
    refCount.dispose()
    refCount.dispose()
    #expect(refCount.isDisposed)
    expectEqual(underlying.disposals, 1)
  }

  @Test("the underlying disposable waits for the primary and every dependent, in any order")
  func waitsForDependents() {
    let underlying = DisposalCounter()
    let refCount = RefCountDisposable(disposable: underlying)
    let first = refCount.retain()
    let second = refCount.retain()
    first.dispose()
    expectEqual(underlying.disposals, 0)
    refCount.dispose()
    expectEqual(underlying.disposals, 0)
    #expect(!refCount.isDisposed)
    second.dispose()
    expectEqual(underlying.disposals, 1)
    #expect(refCount.isDisposed)
  }

  @Test("dependents alone never dispose it: the primary must be disposed too")
  func primaryRequired() {
    let underlying = DisposalCounter()
    let refCount = RefCountDisposable(disposable: underlying)
    refCount.retain().dispose()
    refCount.retain().dispose()
    expectEqual(underlying.disposals, 0)
    refCount.dispose()
    expectEqual(underlying.disposals, 1)
  }

  @Test("disposing a dependent twice counts once")
  func dependentIdempotent() {
    let underlying = DisposalCounter()
    let refCount = RefCountDisposable(disposable: underlying)
    let first = refCount.retain()
    let second = refCount.retain()
    refCount.dispose()
    first.dispose()
    first.dispose()
    expectEqual(underlying.disposals, 0)
    second.dispose()
    expectEqual(underlying.disposals, 1)
  }

  @Test("retain() after the underlying disposable is gone returns a no-op")
  func retainAfterDisposal() {
    let underlying = DisposalCounter()
    let refCount = RefCountDisposable(disposable: underlying)
    refCount.dispose()
    let late = refCount.retain()
    late.dispose()
    expectEqual(underlying.disposals, 1)
  }

  @Test("retain() after the primary is disposed, while a dependent remains, keeps it alive")
  func retainWhileDraining() {
    let underlying = DisposalCounter()
    let refCount = RefCountDisposable(disposable: underlying)
    let first = refCount.retain()
    refCount.dispose()
    let second = refCount.retain()
    first.dispose()
    expectEqual(underlying.disposals, 0)
    second.dispose()
    expectEqual(underlying.disposals, 1)
  }

  @Test("releases the underlying disposable once it has been disposed")
  func releasesUnderlying() {
    weak var weakTracked: Tracked?
    let refCount: RefCountDisposable
    do {
      let tracked = Tracked()
      weakTracked = tracked
      refCount = RefCountDisposable(disposable: Disposables.create { _ = tracked })
    }
    let dependent = refCount.retain()
    refCount.dispose()
    #expect(weakTracked != nil)
    dependent.dispose()
    #expect(weakTracked == nil)
  }

  @Test("the underlying disposable may retain and dispose again from its dispose")
  func reentrant() {
    let refCount = Box<RefCountDisposable?>(nil)
    let calls = Box(0)
    refCount.value = RefCountDisposable(
      disposable: Disposables.create {
        calls.mutate { $0 += 1 }
        refCount.value?.retain().dispose()
        refCount.value?.dispose()
      })
    refCount.value?.dispose()
    expectEqual(calls.value, 1)
    refCount.value = nil
  }

  @Test("concurrent retains, releases and disposal dispose the underlying disposable once")
  func threadSafe() {
    for _ in 0..<20 {
      let underlying = DisposalCounter()
      let refCount = RefCountDisposable(disposable: underlying)
      let dependents = (0..<64).map { _ in refCount.retain() }
      runConcurrently { thread in
        for (index, dependent) in dependents.enumerated() where index % 8 == thread {
          refCount.retain().dispose()
          dependent.dispose()
          dependent.dispose()
        }
        if thread == 3 { refCount.dispose() }
        refCount.dispose()
      }
      expectEqual(underlying.disposals, 1)
      #expect(refCount.isDisposed)
    }
  }
}
