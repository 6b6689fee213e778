import Foundation

/// One waiting continuation, guarded by `lock` (which ThreadSanitizer sees).
final class Slot: @unchecked Sendable {
  // SAFETY: `waiter` is read and written only while holding `lock`.
  let lock = NSLock()
  var waiter: UnsafeContinuation<Int, Never>?

  func take() -> UnsafeContinuation<Int, Never>? {
    lock.lock()
    defer { lock.unlock() }
    let taken = waiter
    waiter = nil
    return taken
  }

  func store(_ continuation: UnsafeContinuation<Int, Never>) {
    lock.lock()
    defer { lock.unlock() }
    waiter = continuation
  }
}

let rounds = 20_000
let slot = Slot()
let resumer = Thread {
  var resumed = 0
  while resumed < rounds {
    // Resumed outside the lock, as soon as it is there: often before the task has suspended.
    if let continuation = slot.take() {
      continuation.resume(returning: resumed)
      resumed += 1
    }
  }
}
resumer.start()
var sum = 0
for _ in 0..<rounds {
  sum &+= await withUnsafeContinuation { slot.store($0) }
}
print("resumed \(rounds) continuations, sum \(sum)")
