#ifndef _NETINET_IN_H_
#define _NETINET_IN_H_
#include <sys/socket.h>
#include <sys/types.h>
#define IPPROTO_IP 0
#define IPPROTO_TCP 6
#define IPPROTO_UDP 17
#define INADDR_ANY (uint32_t)0x00000000
#define INADDR_LOOPBACK (uint32_t)0x7f000001
struct in_addr {
  in_addr_t s_addr;
};
struct sockaddr_in {
  uint8_t sin_len;
  sa_family_t sin_family;
  in_port_t sin_port;
  struct in_addr sin_addr;
  char sin_zero[8];
};
#endif
