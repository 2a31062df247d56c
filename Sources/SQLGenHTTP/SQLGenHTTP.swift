// SQLGenHTTP: a small HTTP/1.1 server on POSIX sockets, for the sqlgen emulator and test servers.
//
// Public surface: `HTTPServer` (start/stop), `HTTPServerConfiguration` (limits and timeouts),
// `HTTPRequest`, `HTTPResponse`, `HTTPHeaders`, `HTTPVersion`, `HTTPServerError`.
//
// Design: one or more event-loop threads poll nonblocking sockets; `RequestParser` parses
// incrementally on bytes; each complete request runs the handler in its own Task, whose response
// comes back to the loop through a locked queue and a wake-up pipe; the loop writes it with a
// single gathered send. Everything else (limits, timeouts, lingering close) exists so that no
// client can make the server use unbounded memory, threads or time.
