#ifndef _FCNTL_H_
#define _FCNTL_H_
#include <sys/types.h>
#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_NONBLOCK 0x00000004
#define O_APPEND 0x00000008
#define O_CREAT 0x00000200
#define O_TRUNC 0x00000400
#define O_EXCL 0x00000800
#define O_NOCTTY 0x00020000
#define O_CLOEXEC 0x01000000
#define F_DUPFD 0
#define F_GETFD 1
#define F_SETFD 2
#define F_GETFL 3
#define F_SETFL 4
#define F_DUPFD_CLOEXEC 67
#define F_SETNOSIGPIPE 73
#define F_GETNOSIGPIPE 74
#define FD_CLOEXEC 1
// Variadic, so Swift sees the overlay's `open` and `fcntl` instead (Darwin.swiftinterface).
int open(const char *, int, ...);
int fcntl(int, int, ...);
#endif
