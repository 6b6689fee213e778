#ifndef OBSERVABLE_CORE_SHIMS_H
#define OBSERVABLE_CORE_SHIMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// ThreadSanitizer annotations for ObservableCore's `_Mutex`.
//
// `Synchronization.Mutex` takes its contended path (futex wait and wake) inside the Swift
// runtime, which is not instrumented, so ThreadSanitizer cannot see the happens-before edge a
// contended unlock/lock pair creates and reports false races on lock-guarded state. These
// functions tell it about the edge.
//
// Only ObservableCoreShims.c names the sanitizer's entry points, and only when it is compiled
// with the sanitizer (`--sanitize=thread` compiles C targets with `-fsanitize=thread`), so
// no other build references a symbol that only the sanitizer's runtime defines: Apple's linker
// refuses an undefined symbol even when it is declared weak. The Swift compiler does not tell
// the C code it imports whether it sanitizes, so the decision is the C file's, made once, and
// read here: outside sanitizer builds each call is a load of the flag and a not-taken branch.
//
// The portable lock (below) needs none of this: the sanitizer intercepts `os_unfair_lock` and
// `pthread_mutex_t` itself.

/// Whether ObservableCoreShims.c was compiled with ThreadSanitizer.
extern const bool observable_tsan_enabled;

/// Calls `__tsan_acquire(addr)` in a sanitizer build; does nothing otherwise.
void observable_tsan_acquire_annotated(void *addr);

/// Calls `__tsan_release(addr)` in a sanitizer build; does nothing otherwise.
void observable_tsan_release_annotated(void *addr);

/// Tells ThreadSanitizer, if it runs, that the caller acquired `addr`.
static inline __attribute__((always_inline)) void observable_tsan_acquire(void *addr) {
  if (observable_tsan_enabled) observable_tsan_acquire_annotated(addr);
}

/// Tells ThreadSanitizer, if it runs, that the caller releases `addr`.
static inline __attribute__((always_inline)) void observable_tsan_release(void *addr) {
  if (observable_tsan_enabled) observable_tsan_release_annotated(addr);
}

// The portable lock and atomics: what ObservableCore uses where `Synchronization`'s `Mutex` and
// `Atomic` are not available (Darwin below macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2),
// and on Linux in a build with `-D OBSERVABLE_PORTABLE_LOCKS`, which tests this code under the
// stress suite and ThreadSanitizer.
//
// The lock is `os_unfair_lock` on Darwin and a `pthread_mutex_t` elsewhere. Neither may move
// once in use, so the Swift side allocates it on the heap, once per lock, and passes its
// address. Both are intercepted by ThreadSanitizer, which therefore sees the lock's
// happens-before edges itself.
//
// The atomics are C11 atomics on heap storage that the Swift side allocates once per atomic
// (`observable_atomic_storage_size` bytes, aligned to `observable_atomic_storage_alignment`)
// and initializes with `observable_atomic_init_*`. The `order` arguments are C11's
// `memory_order` values (0 relaxed, 2 acquire, 3 release, 4 acq_rel, 5 seq_cst); the Swift side
// passes them as constants, so the inlined calls compile to single instructions.

#if defined(__APPLE__)
#include <os/lock.h>
typedef os_unfair_lock observable_lock_t;
#else
#include <pthread.h>
typedef pthread_mutex_t observable_lock_t;
#endif

#include <stdatomic.h>

_Static_assert(memory_order_relaxed == 0, "C11 memory_order values");
_Static_assert(memory_order_acquire == 2, "C11 memory_order values");
_Static_assert(memory_order_release == 3, "C11 memory_order values");
_Static_assert(memory_order_acq_rel == 4, "C11 memory_order values");
_Static_assert(memory_order_seq_cst == 5, "C11 memory_order values");

/// The size of the memory `observable_lock_init` needs.
static inline __attribute__((always_inline)) size_t observable_lock_size(void) {
  return sizeof(observable_lock_t);
}

/// The alignment of the memory `observable_lock_init` needs.
static inline __attribute__((always_inline)) size_t observable_lock_alignment(void) {
  return _Alignof(observable_lock_t);
}

/// Initializes the lock at `lock`, which must stay at that address until
/// `observable_lock_destroy`.
static inline __attribute__((always_inline)) void observable_lock_init(void *lock) {
#if defined(__APPLE__)
  *(os_unfair_lock *)lock = OS_UNFAIR_LOCK_INIT;
#else
  // A default (non-recursive) mutex: it never fails to initialize with null attributes.
  pthread_mutex_init((pthread_mutex_t *)lock, NULL);
#endif
}

/// Destroys the unlocked lock at `lock`.
static inline __attribute__((always_inline)) void observable_lock_destroy(void *lock) {
#if defined(__APPLE__)
  (void)lock;
#else
  pthread_mutex_destroy((pthread_mutex_t *)lock);
#endif
}

/// Takes the lock at `lock`, waiting for it.
static inline __attribute__((always_inline)) void observable_lock_lock(void *lock) {
#if defined(__APPLE__)
  os_unfair_lock_lock((os_unfair_lock *)lock);
#else
  pthread_mutex_lock((pthread_mutex_t *)lock);
#endif
}

/// Releases the lock at `lock`, which the calling thread holds.
static inline __attribute__((always_inline)) void observable_lock_unlock(void *lock) {
#if defined(__APPLE__)
  os_unfair_lock_unlock((os_unfair_lock *)lock);
#else
  pthread_mutex_unlock((pthread_mutex_t *)lock);
#endif
}

/// The size of the storage every `observable_atomic_*` function takes: enough for the widest.
static inline __attribute__((always_inline)) size_t observable_atomic_storage_size(void) {
  return sizeof(_Atomic(uint64_t));
}

/// The alignment of the storage every `observable_atomic_*` function takes.
static inline __attribute__((always_inline)) size_t observable_atomic_storage_alignment(void) {
  return _Alignof(_Atomic(uint64_t));
}

/// The strongest failure ordering C11 allows for a compare-exchange with success ordering
/// `order`, which is what Swift's single-ordering `compareExchange` uses.
static inline __attribute__((always_inline)) int observable_atomic_failure_order(int order) {
  switch (order) {
  case memory_order_release: return memory_order_relaxed;
  case memory_order_acq_rel: return memory_order_acquire;
  default: return order;
  }
}

// One set of operations per width. `storage` is memory of `observable_atomic_storage_size`
// bytes that `observable_atomic_init_<width>` initialized as `_Atomic(uint<width>_t)`.
#define OBSERVABLE_ATOMIC_OPERATIONS(WIDTH)                                                     \
  static inline __attribute__((always_inline)) void observable_atomic_init_##WIDTH(           \
      void *storage, uint##WIDTH##_t value) {                                                 \
    atomic_init((_Atomic(uint##WIDTH##_t) *)storage, value);                                  \
  }                                                                                           \
  static inline __attribute__((always_inline)) uint##WIDTH##_t                                \
      observable_atomic_load_##WIDTH(void *storage, int order) {                              \
    return atomic_load_explicit((_Atomic(uint##WIDTH##_t) *)storage, (memory_order)order);    \
  }                                                                                           \
  static inline __attribute__((always_inline)) void observable_atomic_store_##WIDTH(          \
      void *storage, uint##WIDTH##_t value, int order) {                                      \
    atomic_store_explicit((_Atomic(uint##WIDTH##_t) *)storage, value, (memory_order)order);   \
  }                                                                                           \
  static inline __attribute__((always_inline)) uint##WIDTH##_t                                \
      observable_atomic_exchange_##WIDTH(void *storage, uint##WIDTH##_t value, int order) {   \
    return atomic_exchange_explicit(                                                          \
        (_Atomic(uint##WIDTH##_t) *)storage, value, (memory_order)order);                     \
  }                                                                                           \
  /* Returns whether it exchanged; `*expected` is then the value it found. */                 \
  static inline __attribute__((always_inline)) bool observable_atomic_compare_exchange_##WIDTH( \
      void *storage, uint##WIDTH##_t *expected, uint##WIDTH##_t desired, int order) {         \
    return atomic_compare_exchange_strong_explicit(                                           \
        (_Atomic(uint##WIDTH##_t) *)storage, expected, desired, (memory_order)order,          \
        (memory_order)observable_atomic_failure_order(order));                                \
  }                                                                                           \
  /* The arithmetic wraps around and returns the old value. */                                \
  static inline __attribute__((always_inline)) uint##WIDTH##_t                                \
      observable_atomic_fetch_add_##WIDTH(void *storage, uint##WIDTH##_t operand, int order) { \
    return atomic_fetch_add_explicit(                                                         \
        (_Atomic(uint##WIDTH##_t) *)storage, operand, (memory_order)order);                   \
  }                                                                                           \
  static inline __attribute__((always_inline)) uint##WIDTH##_t                                \
      observable_atomic_fetch_sub_##WIDTH(void *storage, uint##WIDTH##_t operand, int order) { \
    return atomic_fetch_sub_explicit(                                                         \
        (_Atomic(uint##WIDTH##_t) *)storage, operand, (memory_order)order);                   \
  }                                                                                           \
  static inline __attribute__((always_inline)) uint##WIDTH##_t                                \
      observable_atomic_fetch_or_##WIDTH(void *storage, uint##WIDTH##_t operand, int order) { \
    return atomic_fetch_or_explicit(                                                          \
        (_Atomic(uint##WIDTH##_t) *)storage, operand, (memory_order)order);                   \
  }                                                                                           \
  static inline __attribute__((always_inline)) uint##WIDTH##_t                                \
      observable_atomic_fetch_and_##WIDTH(void *storage, uint##WIDTH##_t operand, int order) { \
    return atomic_fetch_and_explicit(                                                         \
        (_Atomic(uint##WIDTH##_t) *)storage, operand, (memory_order)order);                   \
  }

OBSERVABLE_ATOMIC_OPERATIONS(8)
OBSERVABLE_ATOMIC_OPERATIONS(32)
OBSERVABLE_ATOMIC_OPERATIONS(64)

#undef OBSERVABLE_ATOMIC_OPERATIONS

// Whether the caller runs on the process's main thread, in a few instructions and no system
// call. Foundation's `Thread.isMainThread` on Linux asks the kernel (`gettid`) each time, which
// the per-element calls of main-actor closures (ObservableCocoa's `Driver`) cannot afford.
// Darwin has `pthread_main_np`; elsewhere the main thread's identity is recorded by a load-time
// constructor, which runs on the main thread before `main`.
#if defined(__APPLE__)
#include <pthread.h>
static inline __attribute__((always_inline)) bool observable_is_main_thread(void) {
  return pthread_main_np() != 0;
}
#else
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>
extern pthread_t observable_main_thread;
extern bool observable_main_thread_known;
static inline __attribute__((always_inline)) bool observable_is_main_thread(void) {
  if (observable_main_thread_known) return pthread_equal(pthread_self(), observable_main_thread);
  // Not recorded (the library was loaded by another thread): the main thread's id is the
  // process id.
  return syscall(SYS_gettid) == getpid();
}
#endif

#endif
