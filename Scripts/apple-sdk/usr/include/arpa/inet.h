#ifndef _ARPA_INET_H_
#define _ARPA_INET_H_
#include <netinet/in.h>
// htons and the like are macros on Darwin, which Swift does not import.
in_addr_t inet_addr(const char *);
const char *inet_ntop(int, const void *, char *, socklen_t);
int inet_pton(int, const char *, void *);
#endif
