#ifndef _STRING_H_
#define _STRING_H_
#include <sys/types.h>
int memcmp(const void *, const void *, size_t);
void *memcpy(void *restrict, const void *restrict, size_t);
void *memmove(void *, const void *, size_t);
void *memset(void *, int, size_t);
int strcmp(const char *, const char *);
char *strdup(const char *);
char *strerror(int);
int strerror_r(int, char *, size_t);
size_t strlen(const char *);
int strncmp(const char *, const char *, size_t);
#endif
