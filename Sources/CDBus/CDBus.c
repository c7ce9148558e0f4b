// Loads libdbus-1.so.3 at run time and forwards each cdbus_ function to libdbus's own.
#include "CDBus.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Every function used: X(return type, libdbus's name without "dbus_", parameters, arguments).
// Functions returning void use V instead of X.
#define CDBUS_FUNCTIONS(X, V)                                                              \
  V(error_init, (DBusError * e), (e))                                                      \
  V(error_free, (DBusError * e), (e))                                                      \
  X(DBusConnection *, bus_get_private, (DBusBusType t, DBusError *e), (t, e))              \
  X(dbus_bool_t, bus_register, (DBusConnection * c, DBusError *e), (c, e))                 \
  X(DBusConnection *, connection_open_private, (const char *a, DBusError *e), (a, e))      \
  V(connection_close, (DBusConnection * c), (c))                                           \
  V(connection_unref, (DBusConnection * c), (c))                                           \
  V(connection_set_exit_on_disconnect, (DBusConnection * c, dbus_bool_t x), (c, x))        \
  X(dbus_bool_t, connection_send, (DBusConnection * c, DBusMessage *m, dbus_uint32_t *s),  \
    (c, m, s))                                                                             \
  X(DBusMessage *, connection_pop_message, (DBusConnection * c), (c))                      \
  X(dbus_bool_t, connection_get_is_connected, (DBusConnection * c), (c))                   \
  X(dbus_bool_t, connection_read_write, (DBusConnection * c, int t), (c, t))               \
  X(DBusMessage *, message_new_method_call,                                                \
    (const char *d, const char *p, const char *i, const char *m), (d, p, i, m))            \
  V(message_unref, (DBusMessage * m), (m))                                                 \
  X(int, message_get_type, (DBusMessage * m), (m))                                         \
  X(const char *, message_get_error_name, (DBusMessage * m), (m))                          \
  X(const char *, message_get_sender, (DBusMessage * m), (m))                              \
  X(const char *, message_get_path, (DBusMessage * m), (m))                                \
  X(const char *, message_get_interface, (DBusMessage * m), (m))                           \
  X(const char *, message_get_member, (DBusMessage * m), (m))                              \
  X(dbus_uint32_t, message_get_reply_serial, (DBusMessage * m), (m))                       \
  X(dbus_bool_t, message_iter_init, (DBusMessage * m, DBusMessageIter *i), (m, i))         \
  V(message_iter_init_append, (DBusMessage * m, DBusMessageIter *i), (m, i))               \
  X(int, message_iter_get_arg_type, (DBusMessageIter * i), (i))                            \
  X(dbus_bool_t, message_iter_next, (DBusMessageIter * i), (i))                            \
  V(message_iter_get_basic, (DBusMessageIter * i, void *v), (i, v))                        \
  V(message_iter_recurse, (DBusMessageIter * i, DBusMessageIter *s), (i, s))               \
  X(dbus_bool_t, message_iter_append_basic, (DBusMessageIter * i, int t, const void *v),   \
    (i, t, v))                                                                             \
  X(dbus_bool_t, message_iter_open_container,                                              \
    (DBusMessageIter * i, int t, const char *g, DBusMessageIter *s), (i, t, g, s))         \
  X(dbus_bool_t, message_iter_close_container, (DBusMessageIter * i, DBusMessageIter *s),  \
    (i, s))

#define FIELD(type, name, params, args) type(*name) params;
#define VOID_FIELD(name, params, args) void(*name) params;
static struct {
  CDBUS_FUNCTIONS(FIELD, VOID_FIELD)
} libdbus;

static const char *load_error = "libdbus was never loaded";
static char load_error_text[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  const char *file = getenv("BEARING_LIBDBUS");
  if (file == NULL || *file == '\0') file = "libdbus-1.so.3";
  void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *why = dlerror();
    snprintf(load_error_text, sizeof load_error_text, "%s", why ? why : file);
    load_error = load_error_text;
    return;
  }
  // POSIX's way to turn dlsym's object pointer into a function pointer: copy its bits.
#define LOAD(name)                                                                     \
  {                                                                                    \
    void *symbol = dlsym(handle, "dbus_" #name);                                       \
    if (symbol == NULL) {                                                              \
      snprintf(load_error_text, sizeof load_error_text, "%s has no dbus_%s", file, #name); \
      load_error = load_error_text;                                                    \
      dlclose(handle);                                                                 \
      return;                                                                          \
    }                                                                                  \
    *(void **)(&libdbus.name) = symbol;                                                \
  }
#define LOAD_FIELD(type, name, params, args) LOAD(name)
#define LOAD_VOID_FIELD(name, params, args) LOAD(name)
  CDBUS_FUNCTIONS(LOAD_FIELD, LOAD_VOID_FIELD)
  load_error = NULL;
}

const char *cdbus_load(void) {
  pthread_once(&load_once, load);
  return load_error;
}

#define FORWARD(type, name, params, args) \
  type cdbus_##name params { return libdbus.name args; }
#define FORWARD_VOID(name, params, args) \
  void cdbus_##name params { libdbus.name args; }
CDBUS_FUNCTIONS(FORWARD, FORWARD_VOID)
