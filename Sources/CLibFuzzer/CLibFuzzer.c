// Intentionally empty: SwiftPM needs a source file in a C target; the header is the point.
#include "CLibFuzzer.h"
