#ifndef _UNISTD_H_
#define _UNISTD_H_
#include <sys/types.h>
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#define F_OK 0
#define X_OK (1 << 0)
#define W_OK (1 << 1)
#define R_OK (1 << 2)
#define _SC_OPEN_MAX 5
#define _SC_PAGESIZE 29
#define _SC_NPROCESSORS_ONLN 58
void _exit(int) __attribute__((__noreturn__));
int access(const char *, int);
unsigned int alarm(unsigned int);
int chdir(const char *);
int close(int);
int dup(int);
int dup2(int, int);
int execv(const char *, char *const *);
int execve(const char *, char *const *, char *const *);
char *getcwd(char *, size_t);
pid_t getpgrp(void);
pid_t getpid(void);
pid_t getppid(void);
int isatty(int);
off_t lseek(int, off_t, int);
int pipe(int[2]);
ssize_t read(int, void *, size_t);
int setpgid(pid_t, pid_t);
unsigned int sleep(unsigned int);
long sysconf(int);
int unlink(const char *);
int usleep(useconds_t);
ssize_t write(int, const void *, size_t);
#endif
