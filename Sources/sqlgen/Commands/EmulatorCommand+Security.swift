import SQLGenCommandLine
import SQLGenCore
import SQLGenEmulator
import SQLGenHTTP

/// The emulator's `--allow-host`, `--allow-origin` and `--request-timeout`, and the server
/// settings every emulator mode shares.
extension EmulatorCommand {
    struct ServerSettings {
        var configuration: HTTPServerConfiguration
        var access: LocalAccessPolicy
        /// nil: no time limit (`--request-timeout 0`).
        var requestTimeout: Duration?
    }

    static let securityOptions: Set<String> = ["--allow-host", "--allow-origin", "--request-timeout"]

    /// How long stopping waits for requests in flight before cancelling them: with the quarter
    /// of a second their answers get, stopping takes under a second.
    static let shutdownGrace = Duration.milliseconds(500)

    /// The settings from the arguments, or the usage error to print.
    static func serverSettings(_ parsed: CommandArguments, host: String, port: Int) -> Result<ServerSettings, ArgumentError> {
        var timeout: Duration? = EmulatorEngine.defaultRequestTimeout
        if let text = parsed.value("--request-timeout") {
            guard let duration = ConfigDuration.parse(text) else {
                return .failure(ArgumentError("--request-timeout must be a duration such as 5s, 500ms or 2m (0 for no limit), found \"\(text)\""))
            }
            timeout = duration == .zero ? nil : duration
        }
        var origins: [String] = []
        for origin in parsed.values("--allow-origin") {
            guard let normalized = LocalAccessPolicy.normalizedOrigin(origin) else {
                return .failure(ArgumentError("--allow-origin takes an origin such as http://localhost:5173 (scheme, host and port, no path), found \"\(origin)\""))
            }
            origins.append(normalized)
        }
        var hosts: [String] = []
        for name in parsed.values("--allow-host") {
            let lowered = name.lowercased()
            guard !lowered.isEmpty, lowered != ".", lowered.utf8.allSatisfy({ $0 == 0x2D || $0 == 0x2E || $0 == 0x5F || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }) else {
                return .failure(ArgumentError("--allow-host takes a host name such as devbox.local (.example.com for a domain and its subdomains), found \"\(name)\""))
            }
            hosts.append(lowered)
        }
        let configuration = HTTPServerConfiguration(host: host, port: port, eventLoopCount: 2, shutdownGracePeriod: shutdownGrace)
        let access = LocalAccessPolicy(boundHost: host, allowedHosts: hosts, allowedOrigins: origins)
        return .success(ServerSettings(configuration: configuration, access: access, requestTimeout: timeout))
    }
}
