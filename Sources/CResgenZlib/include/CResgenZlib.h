// The system's zlib, for ResgenAsyncHTTPClient: it inflates gzip and deflate response bodies itself, a
// step at a time, so that it can stop at the response limit (AsyncHTTPClient would inflate each read of
// compressed bytes whole before the transport sees any of it).
#ifndef CRESGENZLIB_H
#define CRESGENZLIB_H

#include <zlib.h>

/// `inflateInit2`, a macro Swift cannot call.
int CResgenZlib_inflateInit2(z_streamp stream, int windowBits);

#endif
