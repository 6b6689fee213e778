// The header is the whole module; this file gives the target a source to compile.
#include "ObservableCoreShims.h"
