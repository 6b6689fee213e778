#ifndef _STDIO_H_
#define _STDIO_H_
#include <stdarg.h>
#include <sys/types.h>
typedef struct __sFILE {
  unsigned char *_p;
  int _r;
  int _w;
  short _flags;
  short _file;
} FILE;
extern FILE *__stdinp;
extern FILE *__stdoutp;
extern FILE *__stderrp;
#define EOF (-1)
int fclose(FILE *);
int fflush(FILE *);
int fgetc(FILE *);
char *fgets(char *restrict, int, FILE *restrict);
FILE *fopen(const char *restrict, const char *restrict);
FILE *fdopen(int, const char *);
int fileno(FILE *);
int fputc(int, FILE *);
int fputs(const char *restrict, FILE *restrict);
size_t fread(void *restrict, size_t, size_t, FILE *restrict);
size_t fwrite(const void *restrict, size_t, size_t, FILE *restrict);
int getchar(void);
void perror(const char *);
int putchar(int);
int puts(const char *);
int setvbuf(FILE *restrict, char *restrict, int, size_t);
int vdprintf(int, const char *restrict, va_list);
int vsnprintf(char *restrict, size_t, const char *restrict, va_list);
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2
#endif
