// Both functions are GNU extensions: declare them before any system header is included.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "TestProcessSupportShims.h"

int test_process_support_add_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
  (void)actions;
  (void)lowest;
  return ENOSYS;
#endif
}

int test_process_support_pipe_cloexec(int descriptors[2]) {
#if defined(__linux__)
  return pipe2(descriptors, O_CLOEXEC);
#else
  if (pipe(descriptors) != 0) return -1;
  // Without pipe2 the flag is set afterwards; the children of TestProcessSupport close every
  // descriptor but their standard ones anyway.
  for (int index = 0; index < 2; index++) {
    int flags = fcntl(descriptors[index], F_GETFD);
    if (flags == -1 || fcntl(descriptors[index], F_SETFD, flags | FD_CLOEXEC) == -1) {
      int saved = errno;
      close(descriptors[0]);
      close(descriptors[1]);
      errno = saved;
      return -1;
    }
  }
  return 0;
#endif
}
