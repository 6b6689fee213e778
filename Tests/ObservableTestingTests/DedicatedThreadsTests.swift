import ObservableCore
import Testing

@testable import ObservableTesting

@Suite("dedicatedThreads")
struct DedicatedThreadsTests {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test("a synchronous test with the trait runs on a dedicated thread", .dedicatedThreads)
  func synchronousBody() {
    #expect(DedicatedThreadExecutor.isCurrent)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test("an asynchronous test and its child tasks stay on dedicated threads", .dedicatedThreads)
  func asynchronousBody() async {
    await Task.yield()
    #expect(DedicatedThreadExecutor.isCurrent)
    let children = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 { group.addTask { DedicatedThreadExecutor.isCurrent } }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    expectEqual(children, [true, true, true, true])
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test("an unstructured task started by the test runs on the cooperative pool", .dedicatedThreads)
  func unstructuredTask() async {
    #expect(await Task { DedicatedThreadExecutor.isCurrent }.value == false)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test("without the trait, a test runs on the cooperative pool")
  func withoutTrait() {
    #expect(!DedicatedThreadExecutor.isCurrent)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test("task-local values survive: leak checking counts on a dedicated thread", .dedicatedThreads)
  func taskLocals() {
    withLeakChecking {
      let scope = Resources.currentScope
      #expect(scope != nil)
      let subscription = PublishSubject<Int>().subscribe(onNext: { _ in })
      #expect((scope?.live ?? 0) > 0)
      subscription.dispose()
    }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test("a recorded issue is attributed to the test", .dedicatedThreads)
  func issues() {
    withKnownIssue {
      Issue.record("recorded on a dedicated thread")
    }
  }
}
