#ifndef _NETINET_TCP_H_
#define _NETINET_TCP_H_
#define TCP_NODELAY 0x01
#endif
