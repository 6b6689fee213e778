#include <sys/errno.h>
