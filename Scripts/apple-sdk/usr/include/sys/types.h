#ifndef _SYS_TYPES_H_
#define _SYS_TYPES_H_
// Darwin's widths, which differ from glibc's in places (mode_t is 16 bits, sigset_t 32).
#include <stddef.h>
#include <stdint.h>
typedef int32_t pid_t;
typedef uint32_t id_t;
typedef uint32_t uid_t;
typedef uint32_t gid_t;
typedef uint16_t mode_t;
typedef int64_t off_t;
typedef long ssize_t;
typedef long time_t;
typedef int32_t suseconds_t;
typedef uint32_t useconds_t;
typedef uint32_t sigset_t;
typedef uint32_t socklen_t;
typedef uint8_t sa_family_t;
typedef uint16_t in_port_t;
typedef uint32_t in_addr_t;
typedef uint64_t rlim_t;
#endif
