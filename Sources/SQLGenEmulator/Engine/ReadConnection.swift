// Queries run on their own read-only connections (WAL lets them read while the engine's
// connection writes), so lists and lookups use every core instead of queueing behind one actor.

import SQLGenLanguage
import SQLGenSchema

/// One read-only SQLite connection, confined to this actor.
actor ReadConnection {
    private let database: Database

    init(path: String) throws(SQLiteError) {
        var options = Database.Options()
        options.readOnly = true
        database = try Database(path: path, options: options)
        try database.execute("PRAGMA case_sensitive_like=ON")
    }

    /// Executes a query operation (never a mutation: the connection cannot write).
    func run(schema: Schema, model: StoreModel, document: Document, operation: OperationDefinition, source: Source,
             variables: JSONValue, serverValues: ServerValues, limits: ExecutionLimits) -> ExecutionResult {
        Executor(schema: schema, model: model, database: database, document: document, operation: operation, source: source,
                 serverValues: serverValues, limits: limits).execute(variableValues: variables)
    }
}
