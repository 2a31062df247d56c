// A statement prepared on the server under a name of its own: parameters kept in text form until
// the first `step()` runs it, its rows read from libpq's result as cells (converted per column,
// `PostgreSQLCellForm`). Released on the server (DEALLOCATE) after the statement is released here.

import SQLGenDataConnect
import SQLGenPostgres

/// A prepared PostgreSQL statement. Not `Sendable`: it belongs to its connection's task.
final class PostgreSQLStatement: SQLStatement {
    /// The SQL as the emulator wrote it (`?` parameters), for messages.
    let sql: String
    /// The server's name for it.
    let name: String
    private weak var connection: PostgreSQLConnection?
    private let parameterTypes: [UInt32]
    private let columnNames: [String]
    private let forms: [PostgreSQLCellForm]
    private var parameters: [String?]
    private var result: PostgresResult?
    private var row = -1
    /// The converted values of the current row, one buffer per column.
    private let scratch: CellScratch
    let isReadOnly: Bool

    init(sql: String, name: String, shape: PostgresStatementShape, connection: PostgreSQLConnection) {
        self.sql = sql
        self.name = name
        self.connection = connection
        parameterTypes = shape.parameterTypes
        columnNames = shape.columnNames
        forms = shape.columnTypes.map { PostgreSQLCellForm(type: $0) }
        parameters = Array(repeating: nil, count: shape.parameterTypes.count)
        scratch = CellScratch(columns: shape.columnNames.count)
        isReadOnly = PostgreSQLStatement.leavesDataUnchanged(sql)
    }

    deinit {
        connection?.release(name)
    }

    // MARK: Binding

    var parameterCount: Int32 { Int32(parameterTypes.count) }

    private func checkIndex(_ index: Int32) throws(DatabaseError) {
        guard index >= 1, Int(index) <= parameters.count else {
            throw .postgresMisuse("no parameter \(index): the statement has \(parameters.count)", sql: sql)
        }
    }

    func bind(_ value: SQLValue, at index: Int32) throws(DatabaseError) {
        try checkIndex(index)
        parameters[Int(index) - 1] = PostgreSQLParameters.text(value, type: parameterTypes[Int(index) - 1])
    }

    func bind(_ values: [SQLValue]) throws(DatabaseError) {
        guard values.count == parameters.count else {
            throw .postgresMisuse("statement has \(parameters.count) parameters but \(values.count) values were given", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            parameters[offset] = PostgreSQLParameters.text(value, type: parameterTypes[offset])
        }
    }

    func bind(bytes: UnsafeRawBufferPointer, isText: Bool, at index: Int32, borrowed: Bool) throws(DatabaseError) {
        try checkIndex(index)
        parameters[Int(index) - 1] = PostgreSQLParameters.text(bytes: bytes, isText: isText, type: parameterTypes[Int(index) - 1])
    }

    func clearBindings() {
        for index in parameters.indices { parameters[index] = nil }
    }

    // MARK: Running

    @discardableResult
    func step() throws(DatabaseError) -> Bool {
        guard let result else {
            guard let connection else { throw .postgresMisuse("the connection is closed", sql: sql) }
            let result = try connection.run(self, parameters)
            self.result = result
            row = 0
            return result.rowCount > 0
        }
        row += 1
        return row < result.rowCount
    }

    func reset() {
        result = nil
        row = -1
    }

    // MARK: Columns

    var columnCount: Int32 { Int32(columnNames.count) }

    func columnName(at index: Int32) -> String {
        columnNames.indices.contains(Int(index)) ? columnNames[Int(index)] : ""
    }

    func cell(at index: Int32) -> Cell {
        let column = Int(index)
        guard let result, row >= 0, row < result.rowCount, column >= 0, column < forms.count,
              let bytes = result.bytes(row, column) else { return .null }
        switch forms[column] {
        case .text:
            return .text(UnsafeRawPointer(bytes.baseAddress), count: bytes.count)
        case .integer:
            return PostgreSQLText.integer(bytes).map(Cell.integer) ?? .real(PostgreSQLText.real(bytes))
        case .real:
            return .real(PostgreSQLText.real(bytes))
        case .numeric:
            return PostgreSQLText.integer(bytes).map(Cell.integer) ?? .real(PostgreSQLText.real(bytes))
        case .boolean:
            return .integer(bytes.first == UInt8(ascii: "t") ? 1 : 0)
        case .uuid:
            return scratch.text(column) { PostgreSQLText.appendUUID(bytes, to: &$0) }
        case .timestamp:
            return scratch.text(column) { if !PostgreSQLText.appendStoredTimestamp(bytes, to: &$0) { $0.append(contentsOf: bytes) } }
        case .bytea:
            return scratch.blob(column) { PostgreSQLText.appendBytea(bytes, to: &$0) }
        case .array(let element):
            return scratch.text(column) { out in
                if !PostgreSQLArrays.appendJSON(bytes, element: element, to: &out) { out.append(contentsOf: bytes) }
            }
        }
    }

    /// Whether the SQL only reads: it starts with SELECT, TABLE, VALUES or WITH and names no
    /// statement that writes (a data-modifying CTE, SELECT INTO). PostgreSQL cannot say before
    /// running it; the read connections' read-only transactions refuse writes anyway.
    static func leavesDataUnchanged(_ sql: String) -> Bool {
        let words = NativeSQLText(sql).words.map(\.text)
        guard let first = words.first, ["SELECT", "TABLE", "VALUES", "WITH"].contains(first) else { return false }
        return !words.contains { ["INSERT", "UPDATE", "DELETE", "MERGE", "INTO", "COPY", "TRUNCATE"].contains($0) }
    }
}

@available(*, unavailable, message: "a PostgreSQLStatement belongs to its connection's task")
extension PostgreSQLStatement: Sendable {}

/// One buffer per column for values converted from their text form, valid until the column is
/// converted again (the next row's cell).
final class CellScratch {
    private var buffers: [[UInt8]]
    private var storage: [UnsafeMutableRawPointer?]
    private var capacities: [Int]

    init(columns: Int) {
        buffers = Array(repeating: [], count: columns)
        storage = Array(repeating: nil, count: columns)
        capacities = Array(repeating: 0, count: columns)
    }

    deinit {
        for pointer in storage { pointer?.deallocate() }
    }

    func text(_ column: Int, _ write: (inout [UInt8]) -> Void) -> Cell {
        let (pointer, count) = store(column, write)
        return .text(pointer, count: count)
    }

    func blob(_ column: Int, _ write: (inout [UInt8]) -> Void) -> Cell {
        let (pointer, count) = store(column, write)
        return .blob(pointer, count: count)
    }

    private func store(_ column: Int, _ write: (inout [UInt8]) -> Void) -> (UnsafeRawPointer?, Int) {
        buffers[column].removeAll(keepingCapacity: true)
        write(&buffers[column])
        let bytes = buffers[column]
        if capacities[column] < bytes.count || storage[column] == nil {
            storage[column]?.deallocate()
            capacities[column] = max(bytes.count, 64)
            storage[column] = UnsafeMutableRawPointer.allocate(byteCount: capacities[column], alignment: 8)
        }
        guard let destination = storage[column] else { return (nil, 0) }
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { destination.copyMemory(from: base, byteCount: source.count) }
        }
        return (UnsafeRawPointer(destination), bytes.count)
    }
}
