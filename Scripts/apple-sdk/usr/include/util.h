#ifndef _UTIL_H_
#define _UTIL_H_
#include <sys/ioctl.h>
#include <termios.h>
int openpty(int *, int *, char *, struct termios *, struct winsize *);
#endif
