// Exposes the reference D-Bus client library, libdbus-1 (Debian package libdbus-1-dev, found
// through pkg-config `dbus-1`), to Swift for the GeoClue location source.
#include <dbus/dbus.h>
