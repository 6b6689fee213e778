#ifndef _SYS_IOCTL_H_
#define _SYS_IOCTL_H_
#include <stdint.h>
struct winsize {
  unsigned short ws_row;
  unsigned short ws_col;
  unsigned short ws_xpixel;
  unsigned short ws_ypixel;
};
// The values of _IOR('t', 104, struct winsize) and _IOW('t', 103, struct winsize).
#define TIOCGWINSZ 0x40087468UL
#define TIOCSWINSZ 0x80087467UL
// Variadic, so Swift sees the overlay's `ioctl` instead (Darwin.swiftinterface).
int ioctl(int, unsigned long, ...);
#endif
