#include "WeakShim.h"

int weak_shim_version = 1;
