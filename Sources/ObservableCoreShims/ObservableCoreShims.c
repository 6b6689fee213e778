// The header is the module; this file records the main thread for `observable_is_main_thread`
// and holds the ThreadSanitizer annotations, which only a sanitized build of it references.
#include "ObservableCoreShims.h"

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define OBSERVABLE_TSAN 1
#endif
#endif

#if defined(OBSERVABLE_TSAN)
// The sanitizer's runtime defines these in every `-fsanitize=thread` link.
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);

const bool observable_tsan_enabled = true;

void observable_tsan_acquire_annotated(void *addr) { __tsan_acquire(addr); }

void observable_tsan_release_annotated(void *addr) { __tsan_release(addr); }
#else
const bool observable_tsan_enabled = false;

void observable_tsan_acquire_annotated(void *addr) { (void)addr; }

void observable_tsan_release_annotated(void *addr) { (void)addr; }
#endif

#if !defined(__APPLE__)
pthread_t observable_main_thread;
bool observable_main_thread_known = false;

// Runs when the library is loaded, on the thread that loads it: the main thread for a program
// linked with the library, as SwiftPM links it. It records that thread only if it is the main
// thread (whose id is the process id), so a library opened with `dlopen` from another thread
// records nothing and `observable_is_main_thread` asks the kernel instead.
__attribute__((constructor)) static void observable_record_main_thread(void) {
  if (syscall(SYS_gettid) == getpid()) {
    observable_main_thread = pthread_self();
    observable_main_thread_known = true;
  }
}
#endif
