#ifndef OBSERVABLE_CORE_SHIMS_H
#define OBSERVABLE_CORE_SHIMS_H

// ThreadSanitizer annotations for ObservableCore's `_Mutex`.
//
// `Synchronization.Mutex` takes its contended path (futex wait and wake) inside the Swift
// runtime, which is not instrumented, so ThreadSanitizer cannot see the happens-before edge a
// contended unlock/lock pair creates and reports false races on lock-guarded state. These
// functions tell it about the edge. The sanitizer's entry points are weak symbols: in a normal
// build they are null and each call is one load and a not-taken branch; in a
// `--sanitize=thread` build the sanitizer runtime defines them.

void __tsan_acquire(void *addr) __attribute__((weak));
void __tsan_release(void *addr) __attribute__((weak));

static inline __attribute__((always_inline)) void observable_tsan_acquire(void *addr) {
  if (__tsan_acquire) __tsan_acquire(addr);
}

static inline __attribute__((always_inline)) void observable_tsan_release(void *addr) {
  if (__tsan_release) __tsan_release(addr);
}

#endif
