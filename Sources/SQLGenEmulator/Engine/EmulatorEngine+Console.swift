// What the console reads from and runs on an engine. For Data Connect, a console run takes the
// request path's prelude and answer (plan or executor) on the writing connection, observed, so
// the console shows the SQL a client's request would run; reads of the tables happen there too,
// between writes. AEM's side is in EmulatorEngine+AEMConsole.swift.

import SQLGenHTTP
import SQLGenSchema

extension EmulatorEngine: ConsoleSource {
    nonisolated var consoleMode: String {
        if case .aem = graphQLDialect { return "aem" }
        return "dataconnect"
    }

    func consoleOverview() -> ConsoleOverview {
        if case .aem(let instance) = graphQLDialect { return aemConsoleOverview(instance) }
        let state = published.withLock { $0 }
        let operations = operationList().compactMap { item -> ConsoleOperation? in
            guard let compiled = state.operations[item.connector]?[item.name] else { return nil }
            return ConsoleOperation(connector: item.connector, name: item.name, kind: item.kind, access: compiled.authExpression ?? item.access.rawValue,
                                    text: compiled.text, variables: ConsoleVariable.describe(compiled.operation.variableDefinitions, schema: state.schema))
        }
        let collections = model.tableOrder.compactMap { name -> ConsoleCollection? in
            guard let table = model.tables[name] else { return nil }
            return ConsoleCollection(name: name, rows: (try? count(table)) ?? 0, isView: table.isView, columns: table.columns.map(\.name))
        }
        return ConsoleOverview(operations: operations, collections: collections)
    }

    func consoleRun(_ run: ConsoleRunRequest) async -> ConsoleRunResult {
        if case .aem = graphQLDialect { return await aemConsoleRun(run) }
        let start = ContinuousClock.now
        let state = published.withLock { $0 }
        let log = StatementLog()
        let answer: EngineAnswer
        if let operation = state.operations[run.connector]?[run.name] {
            switch Self.admit(operation, OperationRequest(variables: .json(run.variables), caller: run.caller.caller), schema: state.schema) {
            case .refused(let refusal): answer = refusal
            case .admitted(let admitted): answer = await observedAnswer(operation, admitted, state: state, log: log)
            }
        } else {
            answer = EngineAnswer(Self.requestError(404, "No operation \"\(run.name)\" in connector \"\(run.connector)\".", code: "NOT_FOUND"))
        }
        return ConsoleRunResult(status: answer.status, body: answer.body, duration: start.duration(to: .now), statements: log.statements,
                                statementsOmitted: log.omitted)
    }

    /// The answer `respond` would give, computed on the writing connection with its statements in `log`.
    private func observedAnswer(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published, log: StatementLog) async -> EngineAnswer {
        let connection = observed(database, log: log)
        let outcome = await underWorkLimit(timeout: requestTimeout, isMutation: operation.isMutation) { limit in
            connection.withWorkLimit(limit) { self.answer(operation, admitted, state: state, on: connection) }
        }
        if operation.isMutation { checkpointWhenIdle() }
        switch outcome {
        case .success(let answer): return answer
        case .failure(let stopped): return EngineAnswer(stopped.response)
        }
    }

    func consoleRows(_ query: ConsoleRowsQuery) async -> ConsoleRows {
        if case .aem(let instance) = graphQLDialect { return await aemConsoleRows(query, instance) }
        guard let table = model.tables[query.collection] else { return .failure("No table named \"\(query.collection)\".") }
        let dialect = database.dialect
        var order: [String] = []
        if let sort = query.sort {
            guard let column = table.column(sort) else { return .failure("No column named \"\(sort)\" in \(table.name).") }
            order.append(dialect.quote(column.sqlName) + (query.descending ? " DESC" : " ASC"))
        }
        order += table.keyColumns.compactMap { table.column($0).map { dialect.quote($0.sqlName) } }
        let columns = table.columns.map { dialect.quote($0.sqlName) }.joined(separator: ", ")
        let from = dialect.quote(table.sqlName)
        let orderBy = order.isEmpty ? "" : " ORDER BY " + order.joined(separator: ", ")
        do {
            var parameters: [SQLValue] = []
            let page = dialect.limitClause(limit: Int64(query.limit), offset: Int64(query.offset), params: &parameters)
            let rows = try database.query("SELECT \(columns) FROM \(from)\(orderBy)\(page)", parameters)
            return ConsoleRows(columns: table.columns.map(\.name), rows: rows.map { $0.map(\.consoleJSON) }, total: try count(table))
        } catch {
            return .failure("\(table.name): \(error)")
        }
    }

    /// The rows of a table or view.
    private func count(_ table: StoreTable) throws(DatabaseError) -> Int {
        let total = try database.query("SELECT COUNT(*) FROM \(database.dialect.quote(table.sqlName))").first?.first
        guard case .integer(let count)? = total else { return 0 }
        return Int(count)
    }

    func consoleSchema() -> String { schemaSDL }

    nonisolated func callerLabel(_ request: HTTPRequest) -> String {
        if case .aem = graphQLDialect { return Self.aemCallerLabel(request) }
        let caller = EmulatorRouter.caller(request)
        if let uid = caller.uid { return "uid " + uid }
        return caller.tokenExpired ? "expired token" : "signed out"
    }
}
