// The console API's JSON: what the page reads, and the caller it sends.

import Foundation
import SQLGenJSON

extension ConsoleOverview {
    var json: JSONValue {
        .object([
            JSONMember("operations", .array(operations.map(\.json))),
            JSONMember("collections", .array(collections.map(\.json))),
        ])
    }
}

extension ConsoleOperation {
    var json: JSONValue {
        .object([
            JSONMember("connector", .string(connector)), JSONMember("name", .string(name)), JSONMember("kind", .string(kind)),
            JSONMember("access", .string(access)), JSONMember("text", .string(text)),
            JSONMember("variables", .array(variables.map(\.json))),
        ])
    }
}

extension ConsoleCollection {
    var json: JSONValue {
        .object([
            JSONMember("name", .string(name)), JSONMember("rows", .int(Int64(rows))), JSONMember("view", .bool(isView)),
            JSONMember("columns", .array(columns.map(JSONValue.string))),
        ])
    }
}

extension ConsoleRows {
    func json(offset: Int) -> JSONValue {
        var members = [
            JSONMember("columns", .array(columns.map(JSONValue.string))), JSONMember("rows", .array(rows.map(JSONValue.array))),
            JSONMember("total", .int(Int64(total))), JSONMember("offset", .int(Int64(offset))),
        ]
        if let error { members.append(JSONMember("error", .string(error))) }
        return .object(members)
    }
}

extension ConsoleRunResult {
    /// The run as JSON, the response's own bytes spliced in unparsed.
    var json: [UInt8] {
        let statements = JSONValue.array(self.statements.map { statement in
            .object([
                JSONMember("sql", .string(statement.sql)), JSONMember("parameters", .array(statement.parameters.map(\.consoleJSON))),
                JSONMember("rows", .int(Int64(statement.rows))),
            ])
        })
        let head = JSONValue.object([
            JSONMember("status", .int(Int64(status))), JSONMember("milliseconds", .double(duration.consoleMilliseconds)),
            JSONMember("statements", statements), JSONMember("statementsOmitted", .int(Int64(statementsOmitted))),
        ]).serialized()
        // `{...}` minus its closing brace, then `"response": <body>}`.
        return head.dropLast() + Array(",\"response\":".utf8) + (body.isEmpty ? Array("null".utf8) : body) + [UInt8(ascii: "}")]
    }
}

extension LoggedRequest {
    func json(caller: String) -> JSONValue {
        .object([
            JSONMember("sequence", .int(Int64(sequence))), JSONMember("time", .double(time)), JSONMember("method", .string(method)),
            JSONMember("operation", .string(operation)), JSONMember("caller", .string(caller)), JSONMember("status", .int(Int64(status))),
            JSONMember("milliseconds", .double(duration.consoleMilliseconds)),
        ])
    }
}

extension Duration {
    /// In milliseconds, to the microsecond.
    var consoleMilliseconds: Double {
        let microseconds = Double(components.seconds) * 1_000_000 + Double(components.attoseconds / 1_000_000_000_000)
        return microseconds / 1_000
    }
}

extension ConsoleCaller {
    /// `{"kind": "admin"}`, `{"kind": "signedOut"}`, `{"kind": "user", "uid": ..., "claims": {...}}`
    /// or `{"kind": "bearer", "token": ...}`; admin when absent.
    init?(json: JSONValue?) {
        guard let json, !json.isNull else {
            self = .admin
            return
        }
        switch json["kind"]?.stringValue {
        case "admin": self = .admin
        case "signedOut": self = .signedOut
        case "user":
            guard let uid = json["uid"]?.stringValue, !uid.isEmpty else { return nil }
            let claims = json["claims"] ?? .object([])
            guard case .object = claims else { return nil }
            self = .user(uid: uid, claims: claims)
        case "bearer":
            guard let token = json["token"]?.stringValue, !token.isEmpty else { return nil }
            self = .bearer(token)
        default: return nil
        }
    }

    /// The engine's caller.
    var caller: Caller {
        switch self {
        case .admin: Caller(isAdmin: true)
        case .signedOut: Caller()
        case .user(let uid, let claims): Caller(uid: uid, claims: claims)
        case .bearer(let token): Caller(bearerToken: token)
        }
    }
}

extension SQLValue {
    /// As the console shows a cell or a parameter: blobs in hex.
    var consoleJSON: JSONValue {
        switch self {
        case .null: .null
        case .integer(let value): .int(value)
        case .real(let value): .double(value)
        case .text(let text): .string(text)
        case .blob(let bytes): .string("x'" + bytes.map { String(format: "%02x", $0) }.joined() + "'")
        }
    }
}
