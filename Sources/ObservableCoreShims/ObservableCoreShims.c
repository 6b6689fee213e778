// The header is the module; this file records the main thread for `observable_is_main_thread`.
#include "ObservableCoreShims.h"

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
