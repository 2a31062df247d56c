import Foundation
import SQLGenEmulator
import SQLGenJSON

/// The console page's side of the conversation: the token read from the page, then API calls
/// over raw HTTP (so a test can send any Host, Origin or Sec-Fetch-Site).
struct ConsoleClient {
    let port: Int
    let token: String

    static let tokenHeader = "X-SQLGen-Console-Token"

    /// Loads `/` and reads the token from its meta tag, as the page's script does.
    static func open(port: Int) async throws -> ConsoleClient {
        let page = try await RawHTTP.send(port: port, "GET", "/")
        let marker = "name=\"sqlgen-console-token\" content=\""
        guard page.status == 200, let start = page.body.range(of: marker) else { throw RawHTTP.Failure() }
        let token = page.body[start.upperBound...].prefix { $0 != "\"" }
        return ConsoleClient(port: port, token: String(token))
    }

    /// An API call with the token and whatever else the test adds.
    func send(_ method: String, _ endpoint: String, body: String = "", headers: [String] = [], host: String = "127.0.0.1") async throws -> RawHTTP.Reply {
        var all = ["\(Self.tokenHeader): \(token)"] + headers
        if !body.isEmpty { all.append("Content-Type: application/json") }
        return try await RawHTTP.send(port: port, method, "/console/api/" + endpoint, host: host, headers: all, body: body)
    }

    func json(_ endpoint: String) async throws -> JSONValue {
        let reply = try await send("GET", endpoint)
        return try JSONParser.parse(Array(reply.body.utf8))
    }

    /// Runs a hosted operation as `caller` (`{"kind": "admin"}` when nil).
    func run(_ connector: String, _ name: String, variables: String = "{}", caller: String? = nil) async throws -> (status: Int, json: JSONValue) {
        let body = "{\"connector\": \"\(connector)\", \"name\": \"\(name)\", \"variables\": \(variables)" + (caller.map { ", \"caller\": \($0)" } ?? "") + "}"
        let reply = try await send("POST", "run", body: body)
        return (reply.status, try JSONParser.parse(Array(reply.body.utf8)))
    }
}
