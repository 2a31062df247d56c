// A connection that tells a `StatementLog` every statement run through it, with its parameters
// and the rows it stepped through: how the console shows the SQL an operation ran. It wraps
// the engine's own connection for one console run only, so no other request pays for it.

/// The statements one run executed, in order; past `capacity` they are only counted.
final class StatementLog {
    private(set) var statements: [ConsoleStatement] = []
    private(set) var omitted = 0
    let capacity: Int

    init(capacity: Int = 200) {
        self.capacity = capacity
    }

    /// Records a statement about to run; its index, for `countRow`, or nil when past capacity.
    func record(_ sql: String, _ parameters: [SQLValue]) -> Int? {
        guard statements.count < capacity else {
            omitted += 1
            return nil
        }
        statements.append(ConsoleStatement(sql: sql, parameters: parameters, rows: 0))
        return statements.count - 1
    }

    func countRow(at index: Int) {
        statements[index].rows += 1
    }
}

/// `base`, with every statement it prepares or executes recorded in `log`.
final class ObservedConnection<Base: SQLConnection>: SQLConnection {
    typealias Statement = ObservedStatement<Base.Statement>

    let base: Base
    let log: StatementLog

    init(_ base: Base, log: StatementLog) {
        self.base = base
        self.log = log
    }

    var dialect: any SQLDialect { base.dialect }

    func execute(_ sql: String) throws(DatabaseError) {
        _ = log.record(sql, [])
        try base.execute(sql)
    }

    func prepare(_ sql: String) throws(DatabaseError) -> Statement {
        ObservedStatement(try base.prepare(sql), log: log)
    }

    func prepareNative(_ sql: String) throws(DatabaseError) -> Statement {
        ObservedStatement(try base.prepareNative(sql), log: log)
    }

    func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
        ObservedStatement(try base.cachedStatement(sql), log: log)
    }

    func transaction<Result>(_ mode: TransactionMode, _ body: () throws -> Result) throws -> Result {
        try base.transaction(mode, body)
    }

    func beginReadTransaction() throws(DatabaseError) { try base.beginReadTransaction() }
    func beginSingleStatementRead() throws(DatabaseError) { try base.beginSingleStatementRead() }
    func readOneSnapshotFromHere() { base.readOneSnapshotFromHere() }
    func commitWithNextStatement() { base.commitWithNextStatement() }
    func nextStatementResultIsUnread() { base.nextStatementResultIsUnread() }
    func commitReadTransaction() { base.commitReadTransaction() }
    func rollBackOpenTransaction() { base.rollBackOpenTransaction() }
    var isInTransaction: Bool { base.isInTransaction }
    var changes: Int { base.changes }
    var totalChanges: Int64 { base.totalChanges }

    func withWorkLimit<Result>(_ limit: WorkLimit, _ body: () -> Result) -> Result? {
        base.withWorkLimit(limit, body)
    }

    func schemaVersion() throws(DatabaseError) -> Int64 { try base.schemaVersion() }
    func checkpoint(_ mode: CheckpointMode) { base.checkpoint(mode) }
}

/// Observes any connection (opens the existential).
func observed(_ connection: any SQLConnection, log: StatementLog) -> any SQLConnection {
    func wrap<Connection: SQLConnection>(_ connection: Connection) -> any SQLConnection { ObservedConnection(connection, log: log) }
    return wrap(connection)
}

/// A statement that records itself, with the parameters bound, when it first steps after a
/// reset, and counts the rows it steps through.
final class ObservedStatement<Base: SQLStatement>: SQLStatement {
    let base: Base
    private let log: StatementLog
    private var parameters: [SQLValue] = []
    /// The log entry of the current execution; nil before its first step.
    private var entry: Int?
    private var started = false

    init(_ base: Base, log: StatementLog) {
        self.base = base
        self.log = log
    }

    var sql: String { base.sql }
    var parameterCount: Int32 { base.parameterCount }

    func bind(_ value: SQLValue, at index: Int32) throws(DatabaseError) {
        try base.bind(value, at: index)
        remember(value, at: index)
    }

    func bind(_ values: [SQLValue]) throws(DatabaseError) {
        try base.bind(values)
        parameters = values
    }

    func bind(bytes: UnsafeRawBufferPointer, isText: Bool, at index: Int32, borrowed: Bool) throws(DatabaseError) {
        try base.bind(bytes: bytes, isText: isText, at: index, borrowed: borrowed)
        remember(isText ? .text(String(decoding: bytes, as: UTF8.self)) : .blob(Array(bytes)), at: index)
    }

    /// Keeps the value bound to the 1-based parameter `index`, for the log.
    private func remember(_ value: SQLValue, at index: Int32) {
        let position = Int(index) - 1
        guard position >= 0 else { return }
        while parameters.count <= position { parameters.append(.null) }
        parameters[position] = value
    }

    func clearBindings() {
        base.clearBindings()
        parameters = []
    }

    @discardableResult
    func step() throws(DatabaseError) -> Bool {
        if !started {
            started = true
            entry = log.record(base.sql, parameters)
        }
        let row = try base.step()
        if row, let entry { log.countRow(at: entry) }
        return row
    }

    func reset() {
        base.reset()
        started = false
        entry = nil
    }

    var columnCount: Int32 { base.columnCount }
    func columnName(at index: Int32) -> String { base.columnName(at: index) }
    func cell(at index: Int32) -> Cell { base.cell(at: index) }
    var isReadOnly: Bool { base.isReadOnly }
}
