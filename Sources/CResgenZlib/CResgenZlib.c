#include "CResgenZlib.h"

int CResgenZlib_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
