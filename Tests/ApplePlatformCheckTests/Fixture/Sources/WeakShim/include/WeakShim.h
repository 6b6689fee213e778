#ifndef WEAK_SHIM_H
#define WEAK_SHIM_H

// A planted link error on Apple platforms: a weak reference to a symbol that only the
// ThreadSanitizer runtime defines. ELF resolves it to null; Apple's linker refuses it.
void __tsan_acquire(void *addr) __attribute__((weak));

static inline void weak_shim_acquire(void *addr) {
  if (__tsan_acquire) __tsan_acquire(addr);
}

#endif
