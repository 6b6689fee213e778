import Foundation
import ObservableCore
import ObservableTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The process's resident set size in bytes, from `/proc/self/statm`, or `nil` where there is
/// no such file.
private func residentBytes() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return nil
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  #if canImport(Glibc)
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
    return nil
  #endif
}

/// Whether this process runs under a sanitizer, whose allocator keeps freed memory in
/// quarantine and whose shadow memory grows with use, so RSS says nothing about leaks.
private var isSanitized: Bool {
  #if canImport(Glibc)
    let handle = dlopen(nil, RTLD_NOW)
    defer { if let handle { dlclose(handle) } }
    return dlsym(handle, "__asan_init") != nil || dlsym(handle, "__tsan_init") != nil
  #else
    return true
  #endif
}

extension Stress {
  /// One million subscribe/dispose cycles, over chains of the main shapes.
  ///
  /// The resource counter must come back to zero every 100,000 cycles and at the end. Without a
  /// sanitizer, the resident set may not grow by more than 16 MB between cycle 100,000 and cycle
  /// 1,000,000: a leak of even 16 bytes per cycle would show as 14 MB. (The benchmarks report
  /// the same measurement in a release build; this test only guards against a leak.)
  @Suite("Stress: subscribe/dispose cycles")
  struct SubscribeDisposeCyclesTests {
    static let cycles = 1_000_000
    static let warmUp = 100_000

    @Test(
      "1,000,000 cycles: the resource count returns to zero, RSS stays flat",
      .timeLimit(.minutes(10)))
    func millionCycles() {
      let subject = PublishSubject<Int>()
      let just = Observable.just(1)
      var baseline: Int?
      var counted = 0
      withLeakChecking {
        let scope = Resources.currentScope
        for cycle in 0..<Self.cycles {
          Stress.subscribeAndDispose(shape: cycle % 4, subject: subject, just: just)
          if (cycle + 1).isMultiple(of: 100_000) {
            counted += 1
            #expect(scope?.live == 0, "after \(cycle + 1) cycles")
          }
          if cycle + 1 == Self.warmUp { baseline = residentBytes() }
        }
      }
      #expect(counted == 10)
      #expect(!subject.hasObservers)
      if !isSanitized, let baseline, let final = residentBytes() {
        let growth = final - baseline
        #expect(growth < 16 << 20, "RSS grew by \(growth) bytes over 900,000 cycles")
      }
    }
  }

  /// One cycle; the subscription is released when this returns, so the count can be read.
  fileprivate static func subscribeAndDispose(
    shape: Int, subject: PublishSubject<Int>, just: Observable<Int>
  ) {
    let subscription: any Disposable
    switch shape {
    case 0: subscription = subject.map { $0 + 1 }.filter { $0 > 0 }.subscribe(onNext: { _ in })
    case 1: subscription = just.map { $0 + 1 }.subscribe(onNext: { _ in })
    case 2: subscription = subject.flatMap { _ in just }.subscribe(onNext: { _ in })
    default: subscription = subject.take(1).concat(just).subscribe(onNext: { _ in })
    }
    subscription.dispose()
  }
}
