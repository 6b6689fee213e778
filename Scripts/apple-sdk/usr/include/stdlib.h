#ifndef _STDLIB_H_
#define _STDLIB_H_
#include <sys/types.h>
#define EXIT_FAILURE 1
#define EXIT_SUCCESS 0
void abort(void) __attribute__((__noreturn__));
int atexit(void (*)(void));
int atoi(const char *);
void *calloc(size_t, size_t);
void exit(int) __attribute__((__noreturn__));
void _Exit(int) __attribute__((__noreturn__));
void free(void *);
char *getenv(const char *);
void *malloc(size_t);
void *realloc(void *, size_t);
int setenv(const char *, const char *, int);
long strtol(const char *restrict, char **restrict, int);
int unsetenv(const char *);
#endif
