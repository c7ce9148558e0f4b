// The target's one function is `static inline` in its header; this file gives SwiftPM a source.
#include "CBearingThread.h"
