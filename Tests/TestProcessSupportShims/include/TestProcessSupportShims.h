#ifndef TEST_PROCESS_SUPPORT_SHIMS_H
#define TEST_PROCESS_SUPPORT_SHIMS_H

// GNU extensions of glibc that TestProcessSupport needs. Swift's Glibc module is built without
// _GNU_SOURCE, so it does not declare them; this target's C file does, and forwards to them.

#include <spawn.h>

/// Adds an action that closes every descriptor from `lowest` up in the child
/// (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34 and later).
///
/// Returns 0, or an errno value: ENOSYS where the C library has no such action. Darwin has none
/// and needs none: SpawnedProcess sets POSIX_SPAWN_CLOEXEC_DEFAULT there instead.
int test_process_support_add_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Creates a pipe whose two ends are close-on-exec from the start (`pipe2` with `O_CLOEXEC`).
///
/// Returns 0 and fills `descriptors` (reading end, then writing end), or -1 with errno set.
int test_process_support_pipe_cloexec(int descriptors[2]);

#endif
