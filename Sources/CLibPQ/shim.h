/* PostgreSQL's client library (Debian libpq-dev puts it under postgresql/, Homebrew's libpq at
 * the top of its include folder). */
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#else
#include <libpq-fe.h>
#endif
