#ifndef _SYS_RESOURCE_H_
#define _SYS_RESOURCE_H_
#include <sys/types.h>
#define RLIMIT_CORE 4
#define RLIMIT_NOFILE 8
#define RLIM_INFINITY (((uint64_t)1 << 63) - 1)
struct rlimit {
  rlim_t rlim_cur;
  rlim_t rlim_max;
};
int getrlimit(int, struct rlimit *);
int setrlimit(int, const struct rlimit *);
#endif
