/// Prepared statements by SQL text, keeping the most recently used ones up to a capacity.
struct StatementCache {
    private var statements: [String: Statement] = [:]
    /// SQL texts from least to most recently used.
    private var order: [String] = []
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
    }

    var count: Int { statements.count }

    mutating func statement(for sql: String) -> Statement? {
        guard let statement = statements[sql] else { return nil }
        if let index = order.firstIndex(of: sql) {
            order.remove(at: index)
            order.append(sql)
        }
        return statement
    }

    mutating func insert(_ statement: Statement, for sql: String) {
        guard capacity > 0 else { return }
        if statements.count >= capacity, let oldest = order.first {
            order.removeFirst()
            statements[oldest] = nil
        }
        statements[sql] = statement
        order.append(sql)
    }

    mutating func removeAll() {
        statements.removeAll()
        order.removeAll()
    }
}
