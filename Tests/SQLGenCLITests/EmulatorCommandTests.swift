import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `sqlgen emulator` as a process: banner, requests, clean stop, and durability across SIGKILL.
@Suite("sqlgen emulator")
struct EmulatorCommandTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/emulator")

    /// A running `sqlgen emulator` with its output collected as it arrives.
    final class RunningEmulator: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var output = ""

        init(_ arguments: [String], in directory: URL) throws {
            process.executableURL = SQLGen.executableURL
            process.arguments = ["emulator"] + arguments
            process.currentDirectoryURL = directory
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { return }
                self.lock.lock()
                self.output += String(decoding: data, as: UTF8.self)
                self.lock.unlock()
            }
            try process.run()
        }

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return output
        }

        /// Waits for the banner and returns the port.
        func port() async throws -> Int {
            for _ in 0..<200 {
                if let range = text.range(of: "listening on http://127.0.0.1:") {
                    let digits = text[range.upperBound...].prefix { $0.isNumber }
                    if let port = Int(digits) { return port }
                }
                if !process.isRunning { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            throw CancellationError()
        }

        func waitForExit() async throws -> Int32 {
            for _ in 0..<400 where process.isRunning { try await Task.sleep(for: .milliseconds(25)) }
            return process.terminationStatus
        }
    }

    static func project() throws -> URL {
        let directory = try SQLGen.temporaryDirectory()
        for item in ["connector.yaml", "schema", "connector", "seed"] {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(item), to: directory.appendingPathComponent(item))
        }
        return directory
    }

    /// Starts an emulator with `arguments` in `directory`, sends it endless SQL and then SIGTERM:
    /// its exit status, the seconds it took to stop, and the answer to the request in flight.
    static func stopDuringEndlessSQL(_ arguments: [String], in directory: URL) async throws -> (status: Int32, seconds: Double, code: Int, body: String) {
        // A request that has not reached the server when SIGTERM comes is refused, never in flight:
        // on a loaded machine (the whole suite at once) it can need more than the first head start.
        for headStart in [800, 2_000, 5_000] {
            if let stopped = try await stopDuringEndlessSQL(arguments, in: directory, headStart: .milliseconds(headStart)) { return stopped }
        }
        throw URLError(.cannotConnectToHost)
    }

    /// nil when the request did not reach the server before it stopped listening.
    private static func stopDuringEndlessSQL(_ arguments: [String], in directory: URL, headStart: Duration) async throws
        -> (status: Int32, seconds: Double, code: Int, body: String)? {
        let emulator = try RunningEmulator(arguments, in: directory)
        let port = try await emulator.port()
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c"
        let inFlight = Task { try await Self.post(port, "/graphql", #"{"query": "query { _select(sql: \"\#(endless)\") }"}"#) }
        try await Task.sleep(for: headStart)
        let start = Date()
        kill(emulator.process.processIdentifier, SIGTERM)
        let status = try await emulator.waitForExit()
        let seconds = Date().timeIntervalSince(start)
        do {
            let (code, body) = try await inFlight.value
            return (status, seconds, code, body)
        } catch let error as URLError where error.code == .cannotConnectToHost {
            return nil
        }
    }

    static func post(_ port: Int, _ path: String, _ body: String) async throws -> (Int, String) {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func startsServesAndStopsOnSIGTERM() async throws {
        let directory = try Self.project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let emulator = try RunningEmulator(["--port", "0", "--seed", "seed/movies.gql"], in: directory)
        let port = try await emulator.port()
        #expect(emulator.text.contains("query movies/listMovies"))
        let (status, body) = try await Self.post(port, "/graphql/execute.json/movies/listMoviesByGenre", #"{"variables": {"genre": "Drama"}}"#)
        #expect(status == 200)
        #expect(body.contains("Casablanca"))
        kill(emulator.process.processIdentifier, SIGTERM)
        #expect(try await emulator.waitForExit() == 0)
        #expect(emulator.text.contains("stopped"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(".sqlgen/emulator.sqlite").path))
    }

    @Test("A Data Connect project: every connector of connectorDirs over one database, each under its id")
    func servesAWholeProject() async throws {
        let directory = try SQLGen.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manager = FileManager.default
        try manager.copyItem(at: Self.fixture.appendingPathComponent("schema"), to: directory.appendingPathComponent("schema"))
        for (folder, id, file) in [("writer", "writer", "mutations.gql"), ("reader", "reader", "queries.gql")] {
            try manager.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
            try manager.copyItem(at: Self.fixture.appendingPathComponent("connector/" + file), to: directory.appendingPathComponent(folder + "/" + file))
            try Data("connectorId: \(id)\n".utf8).write(to: directory.appendingPathComponent(folder + "/connector.yaml"))
        }
        try Data("specVersion: v1\nserviceId: s\nlocation: l\nschema: {source: ./schema}\nconnectorDirs: [./writer, ./reader]\n".utf8)
            .write(to: directory.appendingPathComponent("dataconnect.yaml"))
        let emulator = try RunningEmulator(["--port", "0"], in: directory)
        defer { kill(emulator.process.processIdentifier, SIGTERM) }
        let port = try await emulator.port()
        #expect(emulator.text.contains("mutation writer/createMovie") && emulator.text.contains("query reader/listMoviesByGenre"), "\(emulator.text)")
        let (created, _) = try await Self.post(port, "/graphql/execute.json/writer/createMovie", #"{"variables": {"title": "Up", "releaseYear": 2009, "genre": "Family", "rating": 4.5}}"#)
        #expect(created == 200)
        let (listed, body) = try await Self.post(port, "/graphql/execute.json/reader/listMoviesByGenre", #"{"variables": {"genre": "Family"}}"#)
        #expect(listed == 200 && body.contains("\"title\":\"Up\""), "\(body)")
        let (wrong, _) = try await Self.post(port, "/graphql/execute.json/reader/createMovie", #"{"variables": {}}"#)
        #expect(wrong == 404)
    }

    @Test("A project's secondary schema: operations using it load, its fields answer a clear error, the rest runs")
    func secondarySchemaFieldsAreNamed() async throws {
        let directory = try SQLGen.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manager = FileManager.default
        try manager.copyItem(at: Self.fixture.appendingPathComponent("schema"), to: directory.appendingPathComponent("schema"))
        try manager.createDirectory(at: directory.appendingPathComponent("hook"), withIntermediateDirectories: true)
        try Data("type Query {\n  hello(name: String): String\n}\n".utf8).write(to: directory.appendingPathComponent("hook/hook.gql"))
        try manager.createDirectory(at: directory.appendingPathComponent("c"), withIntermediateDirectories: true)
        try Data("connectorId: c\n".utf8).write(to: directory.appendingPathComponent("c/connector.yaml"))
        try Data("query Both @auth(level: PUBLIC) { hello(name: \"x\") movies { title } }\n".utf8).write(to: directory.appendingPathComponent("c/queries.gql"))
        try Data("specVersion: v1\nschemas:\n  - {id: main, source: ./schema, datasource: {postgresql: {database: d}}}\n  - {id: hook, source: ./hook, datasource: {httpGraphql: {uri: \"http://localhost:1\"}}}\nconnectorDirs: [./c]\n".utf8)
            .write(to: directory.appendingPathComponent("dataconnect.yaml"))
        let emulator = try RunningEmulator(["--port", "0"], in: directory)
        defer { kill(emulator.process.processIdentifier, SIGTERM) }
        let port = try await emulator.port()
        let (status, body) = try await Self.post(port, "/graphql/execute.json/c/Both", #"{"variables": {}}"#)
        #expect(status == 200, "\(body)")
        #expect(body.contains("\"movies\":[]") && body.contains("secondary schema") && body.contains("httpGraphql"), "\(body)")
    }

    @Test func everyAcknowledgedWriteSurvivesSIGKILL() async throws {
        let directory = try Self.project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try RunningEmulator(["--port", "0"], in: directory)
        let port = try await first.port()
        var acknowledged = 0
        for index in 0..<150 {
            let (status, _) = try await Self.post(port, "/graphql/execute.json/movies/createMovie",
                                                  #"{"variables": {"title": "Movie \#(index)", "releaseYear": 2000, "genre": "Load", "rating": 1.0}}"#)
            if status == 200 { acknowledged += 1 }
        }
        #expect(acknowledged == 150)
        kill(first.process.processIdentifier, SIGKILL)
        _ = try await first.waitForExit()

        let second = try RunningEmulator(["--port", "0"], in: directory)
        let secondPort = try await second.port()
        let (status, body) = try await Self.post(secondPort, "/graphql", #"{"query": "{ movies(where: {genre: {eq: \"Load\"}}) { _count } }"}"#)
        #expect(status == 200)
        #expect(body.contains("\"_count\":150"), "\(body)")
        kill(second.process.processIdentifier, SIGINT)
        #expect(try await second.waitForExit() == 0)
    }

    @Test("SIGTERM stops it promptly, answering the request in flight, even endless SQL")
    func sigtermAnswersInFlightRequestsAndStopsPromptly() async throws {
        let directory = try Self.project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, elapsed, code, body) = try await Self.stopDuringEndlessSQL(["--port", "0", "--request-timeout", "60s"], in: directory)
        #expect(status == 0)
        // Within about a second when idle; the bound leaves room for a loaded machine, far below the 60 s limit.
        #expect(elapsed < 5, "stopping took \(elapsed) s")
        #expect(code == 503, "\(body)")
        #expect(body.contains("stopping"))
    }

    @Test func helpNamesTheSecurityOptions() async throws {
        let result = try await SQLGen.run(["emulator", "--help"])
        for option in ["--allow-host", "--allow-origin", "--request-timeout", "SECURITY"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
        let badOrigin = try await SQLGen.run(["emulator", "--allow-origin", "http://localhost:5173/app"])
        #expect(badOrigin.status == 2)
        #expect(badOrigin.stderr.contains("--allow-origin"))
        let badTimeout = try await SQLGen.run(["emulator", "--request-timeout", "soon"])
        #expect(badTimeout.status == 2)
    }

    @Test func badArgumentsExitTwo() async throws {
        let result = try await SQLGen.run(["emulator", "--port", "99999"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--port"))
    }
}
