#ifndef _SYS_WAIT_H_
#define _SYS_WAIT_H_
#include <signal.h>
#include <sys/types.h>
typedef enum { P_ALL, P_PID, P_PGID } idtype_t;
#define WNOHANG 0x00000001
#define WUNTRACED 0x00000002
#define WEXITED 0x00000004
#define WSTOPPED 0x00000008
#define WCONTINUED 0x00000010
#define WNOWAIT 0x00000020
pid_t wait(int *);
pid_t waitpid(pid_t, int *, int);
int waitid(idtype_t, id_t, siginfo_t *, int);
#endif
