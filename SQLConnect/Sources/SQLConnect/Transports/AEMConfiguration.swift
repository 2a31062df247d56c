import Foundation

/// Where an AEM instance is and how to authenticate, read from the AEM sample's keys: `AEM_SCHEME`,
/// `AEM_HOST`, `AEM_AUTH_TYPE` (`basic` | `token`, absent for none), `AEM_USERNAME`, `AEM_PASSWORD`,
/// `AEM_TOKEN`.
public struct AEMConfiguration: Sendable {
    public enum Auth: Sendable {
        case none
        case basic(username: String, password: String)
        case token(String)
    }

    public var scheme: String
    /// Host name, optionally with `:port` (e.g. `localhost:4502`).
    public var host: String
    public var auth: Auth

    /// Validates `scheme` and `host`; errors name `AEM_SCHEME` / `AEM_HOST`.
    public init(scheme: String = "https", host: String, auth: Auth = .none) throws {
        let normalizedScheme = scheme.lowercased()
        guard normalizedScheme == "https" || normalizedScheme == "http" else {
            throw DataConnectError.configuration(key: "AEM_SCHEME", message: "Expected \"http\" or \"https\", found \"\(scheme)\".")
        }
        guard !host.isEmpty, host.unicodeScalars.allSatisfy(Self.isHostCharacter),
              URL(string: "\(normalizedScheme)://\(host)")?.host != nil
        else {
            throw DataConnectError.configuration(key: "AEM_HOST", message: "Expected a host name such as \"publish-p1-e2.adobeaemcloud.com\" or \"localhost:4502\", found \"\(host)\".")
        }
        self.scheme = normalizedScheme
        self.host = host
        self.auth = auth
    }

    /// Reads the process environment (or any string dictionary).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try self.init(lookup: { environment[$0] })
    }

    /// Reads a dictionary such as `Bundle.main.infoDictionary`; non-string values count as invalid.
    public init(dictionary: [String: Any]) throws {
        var strings: [String: String] = [:]
        for (key, value) in dictionary {
            if let text = value as? String {
                strings[key] = text
            } else if key.hasPrefix("AEM_") {
                throw DataConnectError.configuration(key: key, message: "Expected a string value.")
            }
        }
        try self.init(lookup: { strings[$0] })
    }

    private init(lookup: (String) -> String?) throws {
        func value(_ key: String) -> String? {
            guard let raw = lookup(key)?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else { return nil }
            return raw
        }
        func required(_ key: String, _ why: String) throws -> String {
            guard let found = value(key) else {
                throw DataConnectError.configuration(key: key, message: "Missing value; \(why).")
            }
            return found
        }
        let host = try required("AEM_HOST", "set it to the AEM host name, e.g. \"publish-p1-e2.adobeaemcloud.com\"")
        let auth: Auth
        switch value("AEM_AUTH_TYPE")?.lowercased() {
        case nil, "none":
            auth = .none
        case "basic":
            auth = .basic(username: try required("AEM_USERNAME", "AEM_AUTH_TYPE is \"basic\""),
                          password: try required("AEM_PASSWORD", "AEM_AUTH_TYPE is \"basic\""))
        case "token":
            auth = .token(try required("AEM_TOKEN", "AEM_AUTH_TYPE is \"token\""))
        case .some(let other):
            throw DataConnectError.configuration(key: "AEM_AUTH_TYPE", message: "Expected \"basic\" or \"token\", found \"\(other)\".")
        }
        try self.init(scheme: value("AEM_SCHEME") ?? "https", host: host, auth: auth)
    }

    /// `<scheme>://<host>`.
    public var baseURL: URL {
        URL(string: "\(scheme)://\(host)") ?? URL(fileURLWithPath: "/")
    }

    var authorization: Authorization {
        switch auth {
        case .none: return .none
        case .basic(let username, let password): return .basic(username: username, password: password)
        case .token(let token): return .bearer(token)
        }
    }

    private static func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", ":", "[", "]", "_": return true
        default: return false
        }
    }
}
