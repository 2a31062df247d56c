/// Why an `HTTPServer` could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another socket already listens on this address and port.
    case addressInUse(host: String, port: Int)
    /// The host is not a numeric IPv4/IPv6 address (or `localhost`).
    case invalidHost(String)
    /// The port is outside 0...65535.
    case invalidPort(Int)
    /// `start()` was called on a server that is already running.
    case alreadyRunning
    /// A system call failed; `errno` is the C error number.
    case systemCallFailed(call: String, errno: Int32)

    public var description: String {
        switch self {
        case let .addressInUse(host, port):
            "cannot listen on \(host):\(port): the address is already in use"
        case let .invalidHost(host):
            "cannot listen on \"\(host)\": not a numeric IPv4 or IPv6 address"
        case let .invalidPort(port):
            "cannot listen on port \(port): ports range from 0 to 65535"
        case .alreadyRunning:
            "the server is already running"
        case let .systemCallFailed(call, code):
            "\(call) failed: \(SystemError.message(for: code)) (errno \(code))"
        }
    }
}
