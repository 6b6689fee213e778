import ObservableCore
import ObservableTesting
import Testing

@Suite("CompositeDisposable and Disposables.create with any number of disposables")
struct DisposablesVariadicTests {
  @Test("CompositeDisposable(_:...) holds and disposes every member once")
  func compositeVariadic() {
    let members = (0..<5).map { _ in DisposalCounter() }
    let composite = CompositeDisposable(members[0], members[1], members[2], members[3], members[4])
    #expect(composite.count == 5)
    composite.dispose()
    composite.dispose()
    #expect(composite.isDisposed)
    #expect(members.allSatisfy { $0.disposals == 1 })
    let single = DisposalCounter()
    let one = CompositeDisposable(single)
    #expect(one.count == 1)
    one.dispose()
    #expect(single.disposals == 1)
    #expect(CompositeDisposable().count == 0)
  }

  @Test("CompositeDisposable(disposables:) holds the array's members")
  func compositeArray() {
    let members = (0..<4).map { _ in DisposalCounter() }
    let composite = CompositeDisposable(disposables: members)
    #expect(composite.count == 4)
    composite.dispose()
    #expect(members.allSatisfy { $0.disposals == 1 })
  }

  @Test("Disposables.create(_:...) with one, four or more disposables disposes each once")
  func createVariadic() {
    let members = (0..<6).map { _ in DisposalCounter() }
    let one = Disposables.create(members[0])
    let four = Disposables.create(members[1], members[2], members[3], members[4])
    #expect(!one.isDisposed && !four.isDisposed)
    one.dispose()
    four.dispose()
    four.dispose()
    #expect(one.isDisposed && four.isDisposed)
    #expect(members[0...4].allSatisfy { $0.disposals == 1 })
    #expect(members[5].disposals == 0)
  }

  @Test("Disposables.create(_:...) releases its members once disposed")
  func release() {
    weak var weakTracked: Tracked?
    let disposable: any Disposable
    do {
      let tracked = Tracked()
      weakTracked = tracked
      disposable = Disposables.create(
        Disposables.create { _ = tracked }, Disposables.create(), Disposables.create(),
        Disposables.create())
    }
    #expect(weakTracked != nil)
    disposable.dispose()
    #expect(weakTracked == nil)
  }

  @Test("concurrent disposal of a variadic composite disposes each member once")
  func threadSafe() {
    for _ in 0..<20 {
      let members = (0..<4).map { _ in DisposalCounter() }
      let composite = Disposables.create(members[0], members[1], members[2], members[3])
      runConcurrently { _ in composite.dispose() }
      #expect(members.allSatisfy { $0.disposals == 1 })
    }
  }
}
