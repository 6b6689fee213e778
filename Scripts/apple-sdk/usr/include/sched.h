#ifndef _SCHED_H_
#define _SCHED_H_
int sched_yield(void);
#endif
