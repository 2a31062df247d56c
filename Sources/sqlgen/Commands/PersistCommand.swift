import Foundation
import SQLGenCommandLine
import SQLGenCore
import SQLGenLanguage

/// `sqlgen persist`: uploads a connector's operations to AEM as persisted queries, so that CI can
/// deploy the queries the generated SDK runs.
enum PersistCommand: Command {
    static let name = "persist"
    static let summary = "Upload the connector's queries to AEM as persisted queries"
    static let usage = """
    USAGE: sqlgen persist --aem URL [--auth basic|token] [--config PATH]

    Validates the connector's operations like `sqlgen generate`, then stores each operation file,
    unchanged, as the persisted query `/<sqlgen.aem.configuration>/<file name>` on the AEM
    instance at URL: PUT /graphql/persist.json/<configuration>/<name> creates it, and a POST to
    the same path updates it when it exists.

    OPTIONS:
      --aem URL       The AEM author (or local SDK) instance, e.g. http://localhost:4502
      --auth MODE     basic: AEM_USERNAME and AEM_PASSWORD; token: AEM_TOKEN (Bearer).
                      Default: AEM_AUTH_TYPE when set, else no authentication
      --config PATH   connector.yaml, or a folder holding one (default: ./connector.yaml)
      -h, --help      Show this help

    EXIT STATUS:
      0 every query stored; 1 errors in the connector or a failed upload; 2 bad arguments or
      missing credentials
    """

    static func run(_ arguments: [String]) -> Int32 {
        let target: Target
        switch readTarget(arguments) {
        case .success(let read): target = read
        case .failure(let error):
            Output.error(error.message)
            return 2
        }
        guard let (aem, files) = checkedConnector(configPath: target.configPath) else { return 1 }
        return upload(files, to: AEMPersistClient(baseURL: target.baseURL, auth: target.auth), aem: aem, baseURL: target.baseURL)
    }

    /// Where the queries go and how to sign in, from the arguments and the environment.
    private struct Target {
        var baseURL: String
        var auth: AEMPersistClient.Auth
        var configPath: String
    }

    private static func readTarget(_ arguments: [String]) -> Result<Target, ArgumentError> {
        let parsed: CommandArguments
        do {
            parsed = try CommandArguments(arguments, options: ["--aem", "--auth", "--config"], maxOperands: 0, extraOperandHint: ArgumentError.configHint)
        } catch {
            return .failure(error)
        }
        guard let rawURL = parsed.value("--aem") else {
            return .failure(ArgumentError("missing --aem URL (the AEM instance, e.g. http://localhost:4502)"))
        }
        guard let baseURL = normalizedBaseURL(rawURL) else {
            return .failure(ArgumentError("--aem: expected an http or https URL such as http://localhost:4502, found '\(rawURL)'"))
        }
        let environment = ProcessInfo.processInfo.environment
        switch credentials(mode: parsed.value("--auth") ?? environment["AEM_AUTH_TYPE"], environment: environment) {
        case .success(let auth):
            let configPath = parsed.value("--config") ?? FileManager.default.currentDirectoryPath + "/connector.yaml"
            return .success(Target(baseURL: baseURL, auth: auth, configPath: configPath))
        case .failure(let message):
            return .failure(ArgumentError(message))
        }
    }

    /// The AEM settings and operation files of a connector whose queries all generate cleanly
    /// (the SDK must match what AEM stores); nil, with the problems printed, otherwise.
    private static func checkedConnector(configPath: String) -> (AEMSettings, [String])? {
        let config: ConnectorConfig
        do {
            config = try ConnectorConfig.load(path: configPath)
        } catch {
            Output.diagnostics(error.diagnostics)
            return nil
        }
        guard config.sqlgen.backend == .aem, let aem = config.sqlgen.aem else {
            Output.error("\(configPath): persisting needs an AEM connector (sqlgen.backend: aem and sqlgen.aem.configuration)")
            return nil
        }
        let checked = GeneratorPipeline.run(configPath: configPath, write: false)
        Output.diagnostics(checked.diagnostics)
        if checked.hasErrors {
            Output.stderr("sqlgen: the connector has errors; nothing was persisted")
            return nil
        }
        do {
            return (aem, try config.discoverOperationFiles().files)
        } catch {
            Output.diagnostics(error.diagnostics)
            return nil
        }
    }

    /// Stores each file as a persisted query (creating or updating it), reporting each.
    private static func upload(_ files: [String], to client: AEMPersistClient, aem: AEMSettings, baseURL: String) -> Int32 {
        var failures = 0
        for file in files {
            let name = AEMSettings.persistedQueryName(forOperationFile: file)
            let shortPath = aem.persistedQueryPath(forOperationFile: file)
            guard let data = FileBytes.read(file) else {
                Output.error("\(file): cannot read the file")
                failures += 1
                continue
            }
            switch client.persist(configuration: aem.configuration, name: name, query: String(decoding: data, as: UTF8.self)) {
            case .created:
                Output.stdoutLine("created \(shortPath)")
            case .updated:
                Output.stdoutLine("updated \(shortPath)")
            case .failed(let status, let message):
                failures += 1
                let what = status == 0 ? "no response" : "HTTP \(status)"
                Output.error("\(shortPath): \(what): \(message)")
            }
        }
        if failures > 0 {
            Output.stderr("sqlgen: \(failures) of \(files.count) persisted quer\(files.count == 1 ? "y" : "ies") failed")
            return 1
        }
        Output.stdoutLine("Persisted \(files.count) quer\(files.count == 1 ? "y" : "ies") to \(baseURL) (configuration \(aem.configuration))")
        return 0
    }

    /// `http(s)://host[:port][/prefix]` without a trailing slash, or nil if that is not what `text` is.
    static func normalizedBaseURL(_ text: String) -> String? {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
              url.query == nil, url.fragment == nil else { return nil }
        return trimmed
    }

    enum Credentials {
        case success(AEMPersistClient.Auth)
        case failure(String)
    }

    /// The credentials for `mode` from the environment, or why they are missing.
    static func credentials(mode: String?, environment: [String: String]) -> Credentials {
        func value(_ key: String) -> String? {
            guard let raw = environment[key], !raw.isEmpty else { return nil }
            return raw
        }
        switch mode?.lowercased() {
        case nil, "", "none":
            return .success(.none)
        case "basic":
            guard let username = value("AEM_USERNAME"), let password = value("AEM_PASSWORD") else {
                return .failure("--auth basic needs AEM_USERNAME and AEM_PASSWORD in the environment")
            }
            return .success(.basic(username: username, password: password))
        case "token":
            guard let token = value("AEM_TOKEN") else {
                return .failure("--auth token needs AEM_TOKEN in the environment")
            }
            return .success(.token(token))
        case .some(let other):
            return .failure("--auth: expected 'basic' or 'token', found '\(other)'")
        }
    }
}
