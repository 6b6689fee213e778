#ifndef _TERMIOS_H_
#define _TERMIOS_H_
#include <sys/types.h>
typedef unsigned long tcflag_t;
typedef unsigned char cc_t;
typedef unsigned long speed_t;
#define NCCS 20
struct termios {
  tcflag_t c_iflag;
  tcflag_t c_oflag;
  tcflag_t c_cflag;
  tcflag_t c_lflag;
  cc_t c_cc[NCCS];
  speed_t c_ispeed;
  speed_t c_ospeed;
};
#define VEOF 0
#define VEOL 1
#define VERASE 3
#define VKILL 5
#define VINTR 8
#define VQUIT 9
#define VSUSP 10
#define VMIN 16
#define VTIME 17
#define IGNBRK 0x00000001
#define BRKINT 0x00000002
#define IGNPAR 0x00000004
#define PARMRK 0x00000008
#define INPCK 0x00000010
#define ISTRIP 0x00000020
#define INLCR 0x00000040
#define IGNCR 0x00000080
#define ICRNL 0x00000100
#define IXON 0x00000200
#define IXOFF 0x00000400
#define IXANY 0x00000800
#define IMAXBEL 0x00002000
#define OPOST 0x00000001
#define ONLCR 0x00000002
#define CSIZE 0x00000300
#define CS8 0x00000300
#define CSTOPB 0x00000400
#define CREAD 0x00000800
#define PARENB 0x00001000
#define ECHOKE 0x00000001
#define ECHOE 0x00000002
#define ECHOK 0x00000004
#define ECHO 0x00000008
#define ECHONL 0x00000010
#define ECHOCTL 0x00000040
#define ISIG 0x00000080
#define ICANON 0x00000100
#define IEXTEN 0x00000400
#define TCSANOW 0
#define TCSADRAIN 1
#define TCSAFLUSH 2
void cfmakeraw(struct termios *);
int tcgetattr(int, struct termios *);
int tcsetattr(int, int, const struct termios *);
#endif
