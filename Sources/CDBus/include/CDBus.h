// The part of libdbus-1 (the reference D-Bus client library) that BearingGeoClue uses, loaded at
// run time with dlopen("libdbus-1.so.3"), so that building Bearing needs no libdbus headers and
// running it needs libdbus only for GeoClue. See ARCHITECTURE.md, "libdbus, loaded at run
// time, for GeoClue".
//
// The declarations follow libdbus's stable ABI (the library's soname has been 3 since 2006).
// The two structures that callers allocate are declared larger than libdbus's own (DBusError is
// 32 bytes, DBusMessageIter 72 on 64-bit platforms): libdbus writes only its own size into them.
#ifndef BEARING_CDBUS_H
#define BEARING_CDBUS_H

#include <stdint.h>

typedef uint32_t dbus_bool_t;
typedef uint32_t dbus_uint32_t;

/// A connection and a message: libdbus's own objects, only ever used through pointers.
typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;

/// An error filled in by libdbus: `name` and `message` are set when a call failed.
typedef struct DBusError {
  const char *name;
  const char *message;
  void *reserved[4];
} DBusError;

/// An iterator over a message's arguments, in storage of the caller's.
typedef struct DBusMessageIter {
  void *reserved[16];
} DBusMessageIter;

typedef enum DBusBusType {
  DBUS_BUS_SESSION = 0,
  DBUS_BUS_SYSTEM = 1,
  DBUS_BUS_STARTER = 2,
} DBusBusType;

#define DBUS_MESSAGE_TYPE_INVALID 0
#define DBUS_MESSAGE_TYPE_METHOD_CALL 1
#define DBUS_MESSAGE_TYPE_METHOD_RETURN 2
#define DBUS_MESSAGE_TYPE_ERROR 3
#define DBUS_MESSAGE_TYPE_SIGNAL 4

/// Loads libdbus-1.so.3 (or the file that `BEARING_LIBDBUS` names, for tests) the first time
/// it is called, from any thread; later calls return the first answer. Returns NULL once the
/// library is loaded with every function below, else why not (dlopen's or dlsym's own words).
/// Call nothing else here until it has returned NULL.
const char *cdbus_load(void);

void cdbus_error_init(DBusError *error);
void cdbus_error_free(DBusError *error);

DBusConnection *cdbus_bus_get_private(DBusBusType type, DBusError *error);
dbus_bool_t cdbus_bus_register(DBusConnection *connection, DBusError *error);
DBusConnection *cdbus_connection_open_private(const char *address, DBusError *error);
void cdbus_connection_close(DBusConnection *connection);
void cdbus_connection_unref(DBusConnection *connection);
void cdbus_connection_set_exit_on_disconnect(DBusConnection *connection, dbus_bool_t exit);
dbus_bool_t cdbus_connection_send(
    DBusConnection *connection, DBusMessage *message, dbus_uint32_t *serial);
DBusMessage *cdbus_connection_pop_message(DBusConnection *connection);
dbus_bool_t cdbus_connection_get_is_connected(DBusConnection *connection);
dbus_bool_t cdbus_connection_read_write(DBusConnection *connection, int timeout_milliseconds);

DBusMessage *cdbus_message_new_method_call(
    const char *destination, const char *path, const char *interface, const char *method);
void cdbus_message_unref(DBusMessage *message);
int cdbus_message_get_type(DBusMessage *message);
const char *cdbus_message_get_error_name(DBusMessage *message);
const char *cdbus_message_get_sender(DBusMessage *message);
const char *cdbus_message_get_path(DBusMessage *message);
const char *cdbus_message_get_interface(DBusMessage *message);
const char *cdbus_message_get_member(DBusMessage *message);
dbus_uint32_t cdbus_message_get_reply_serial(DBusMessage *message);

dbus_bool_t cdbus_message_iter_init(DBusMessage *message, DBusMessageIter *iterator);
void cdbus_message_iter_init_append(DBusMessage *message, DBusMessageIter *iterator);
int cdbus_message_iter_get_arg_type(DBusMessageIter *iterator);
dbus_bool_t cdbus_message_iter_next(DBusMessageIter *iterator);
void cdbus_message_iter_get_basic(DBusMessageIter *iterator, void *value);
void cdbus_message_iter_recurse(DBusMessageIter *iterator, DBusMessageIter *inner);
dbus_bool_t cdbus_message_iter_append_basic(DBusMessageIter *iterator, int type, const void *value);
dbus_bool_t cdbus_message_iter_open_container(
    DBusMessageIter *iterator, int type, const char *signature, DBusMessageIter *inner);
dbus_bool_t cdbus_message_iter_close_container(DBusMessageIter *iterator, DBusMessageIter *inner);

#endif
