#include <sqlite3.h>

/* Swift cannot call C's variadic functions: fixed-argument forms of the sqlite3_config calls the
 * emulator makes. */

/* Turns SQLite's memory statistics off (before SQLite initialises; SQLITE_MISUSE after). With them
 * on, every sqlite3_malloc and sqlite3_free takes one process-wide mutex, which the emulator's
 * read connections, working on two threads at once, contend for. */
static inline int sqlgen_sqlite3_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
