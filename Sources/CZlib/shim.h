// Exposes the system zlib (Debian package zlib1g-dev) to Swift for .osm.pbf blob inflation.
#include <zlib.h>
