// Accounts in the emulator's own database, beside the connector's tables (under the names the
// emulator keeps for itself), so they last as long as the data does and `--reset` clears both.

import Foundation

/// `AuthAccountStore` over the engine's writing connection (used only inside the engine's actor).
struct DatabaseAuthAccountStore: AuthAccountStore {
    let connection: any SQLConnection
    private var accounts: String { connection.dialect.quote(connection.dialect.reservedPrefix + "auth_accounts") }
    private var refreshTokens: String { connection.dialect.quote(connection.dialect.reservedPrefix + "auth_refresh_tokens") }

    /// Creates the tables when they are missing.
    init(connection: any SQLConnection) throws(DatabaseError) {
        self.connection = connection
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS \(accounts) (uid TEXT PRIMARY KEY, email TEXT UNIQUE, password TEXT, \
            email_verified INTEGER NOT NULL, created_at REAL NOT NULL, last_sign_in_at REAL NOT NULL);
            CREATE TABLE IF NOT EXISTS \(refreshTokens) (token TEXT PRIMARY KEY, uid TEXT NOT NULL)
            """)
    }

    private static let columns = "uid, email, password, email_verified, created_at, last_sign_in_at"

    func account(uid: String) throws -> AuthAccount? {
        try connection.query("SELECT \(Self.columns) FROM \(accounts) WHERE uid = ?", [.text(uid)]).first.flatMap(Self.account)
    }

    func account(email: String) throws -> AuthAccount? {
        try connection.query("SELECT \(Self.columns) FROM \(accounts) WHERE email = ?", [.text(email)]).first.flatMap(Self.account)
    }

    func insert(_ account: AuthAccount) throws -> Bool {
        if let email = account.email, try self.account(email: email) != nil { return false }
        _ = try connection.run("INSERT INTO \(accounts) (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?)", Self.values(account))
        return true
    }

    func update(_ account: AuthAccount) throws {
        let values = Self.values(account)
        _ = try connection.run("UPDATE \(accounts) SET email = ?, password = ?, email_verified = ?, created_at = ?, last_sign_in_at = ? WHERE uid = ?",
                               Array(values.dropFirst()) + [values[0]])
    }

    func uid(ofRefreshToken token: String) throws -> String? {
        guard case .text(let uid)? = try connection.query("SELECT uid FROM \(refreshTokens) WHERE token = ?", [.text(token)]).first?.first else { return nil }
        return uid
    }

    func saveRefreshToken(_ token: String, uid: String) throws {
        _ = try connection.run("INSERT INTO \(refreshTokens) (token, uid) VALUES (?, ?)", [.text(token), .text(uid)])
    }

    private static func values(_ account: AuthAccount) -> [SQLValue] {
        [.text(account.uid), account.email.map(SQLValue.text) ?? .null, account.password.map(SQLValue.text) ?? .null,
         .integer(account.emailVerified ? 1 : 0), .real(account.createdAt.timeIntervalSince1970), .real(account.lastSignInAt.timeIntervalSince1970)]
    }

    private static func account(_ row: [SQLValue]) -> AuthAccount? {
        guard row.count == 6, case .text(let uid) = row[0] else { return nil }
        func text(_ value: SQLValue) -> String? { if case .text(let text) = value { text } else { nil } }
        func number(_ value: SQLValue) -> Double {
            switch value {
            case .real(let number): number
            case .integer(let number): Double(number)
            default: 0
            }
        }
        return AuthAccount(uid: uid, email: text(row[1]), password: text(row[2]), emailVerified: number(row[3]) != 0,
                           createdAt: Date(timeIntervalSince1970: number(row[4])), lastSignInAt: Date(timeIntervalSince1970: number(row[5])))
    }
}
