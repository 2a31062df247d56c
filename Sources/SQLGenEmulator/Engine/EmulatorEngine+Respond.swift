// The one path every request takes: hosted operations by name (GET and POST), ad-hoc documents
// and seeds. The prelude (`admit`) runs once; then the work runs where it belongs, which is only a
// scheduling decision: on the HTTP event loop when it is cheap and a read connection is free
// (`respondInline`), on a read connection in a task for queries, on a writing thread's connection
// for mutations where the database writes in parallel, else on the engine's writing connection
// (and there too queries when there are no read connections). Wherever it runs, a query with a
// `QueryPlan` is written straight from the rows, and the generic executor answers when the plan
// does not cover the request.

import SQLGenLanguage
import SQLGenSchema

extension EmulatorEngine {
    /// What the event loop does with a request it began: answered, left to a task from the
    /// start, or continued in a task with the prelude done.
    enum InlineAttempt {
        case answered(EngineAnswer)
        case declined
        /// Continued in a task, on `executor` when there is one (else the server's).
        case continued(on: (any TaskExecutor)? = nil, @Sendable () async -> EngineAnswer)
        /// Queued with the other requests of the loop's pass: once the loop runs the batch, the
        /// closure gives the answer (or the task to continue in).
        case batched(LoopBatch, @Sendable () -> InlineAttempt)
    }

    /// What the requests of one loop pass share.
    enum LoopBatch: Sendable {
        case lookups(PipelinedLookups)
        case writes(PipelinedWrites)
    }

    /// Answers a request for the hosted operation `name` of `connector`.
    nonisolated func respond(connector: String, name: String, _ request: OperationRequest) async -> EngineAnswer {
        let state = published.withLock { $0 }
        guard let operation = state.operations[connector]?[name] else { return notFound(connector: connector, name: name, state: state) }
        return await respond(operation, request, state: state)
    }

    /// Answers a request for a hosted query on the calling thread (the event loop) when it can
    /// without waiting: the operation is cheap (`InlineLookup`) and a read connection is free.
    /// A request whose work outgrows the loop's budget (of steps, or time), or finds no free connection,
    /// continues in a task with its prelude done. A one-statement query joins the loop's batch
    /// (`PipelinedLookups`) when `othersReady` says more requests of the pass are coming, or one
    /// is open already; alone, it runs at once (a batch of one costs a second run of its plan).
    /// A mutation is admitted here and continues in a task that starts where it will write: a
    /// writing thread where the database writes in parallel, else the engine's thread.
    nonisolated func respondInline(connector: String, name: String, _ request: OperationRequest, othersReady: Bool = false) -> InlineAttempt {
        let state = published.withLock { $0 }
        guard let operation = state.operations[connector]?[name],
              operation.answersInline && !readers.isEmpty || operation.isMutation else { return .declined }
        let admitted: AdmittedRequest
        switch prelude(operation, request, state: state) {
        case .refused(let refusal): return .answered(refusal)
        case .admitted(let request): admitted = request
        }
        if operation.isMutation { return respondToMutation(operation, admitted, state: state, othersReady: othersReady, timed: request.timed) }
        let timeBudget = inlineTimeBudget.withLock { $0 }
        let limit = WorkLimit(timeout: timeBudget, steps: inlineStepBudget.load(ordering: .relaxed))
        if operation.readsInOneStatement, pipelinesLookups.load(ordering: .relaxed),
           othersReady || PipelinedLookups.isOpen(on: readers),
           let batch = PipelinedLookups.joined(on: readers, counts: pipelinedCounts, timeBudget: timeBudget) {
            return respondInBatch(batch, operation, admitted, state: state, limit: limit, timed: request.timed)
        }
        let answered = readers.withFreeConnection { reader in
            reader.read(under: limit, singleStatement: operation.readsInOneStatement) { answer(operation, admitted, state: state, on: $0) }
        }
        if let answered, let answer = answered { return .answered(answer) }
        if answered != nil { inlineBudgetsSpent.add(1, ordering: .relaxed) }
        let timed = request.timed
        return .continued { await self.run(operation, admitted, state: state, timed: timed) }
    }

    /// `respondInline` for a one-statement query whose statement waits in `batch`'s queue.
    private nonisolated func respondInBatch(_ batch: PipelinedLookups, _ operation: CompiledOperation, _ admitted: AdmittedRequest,
                                            state: Published, limit: WorkLimit, timed: Bool) -> InlineAttempt {
        // Built only for a request the budget stopped: the rest take no closure for a task.
        @Sendable func continued() -> InlineAttempt {
            inlineBudgetsSpent.add(1, ordering: .relaxed)
            return .continued { await self.run(operation, admitted, state: state, timed: timed) }
        }
        switch batch.begin(under: limit, { self.beginAnswer(operation, admitted, state: state, on: $0) }) {
        case .finished(let answer?):
            return .answered(answer)
        case .finished(nil):
            return continued()
        case .queued(let member):
            return .batched(.lookups(batch)) { member.answer.map { .answered($0) } ?? continued() }
        }
    }

    /// `respondInline` for an admitted mutation: continued in a task that starts where it will
    /// write. Where the database writes in parallel and more requests of the pass are coming (or a
    /// batch is open), it joins the loop's batch of writes (`PipelinedWrites`).
    private nonisolated func respondToMutation(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published,
                                               othersReady: Bool, timed: Bool) -> InlineAttempt {
        guard !writers.isEmpty, othersReady || PipelinedWrites.isOpen else {
            return .continued(on: mutationExecutor) { await self.run(operation, admitted, state: state, timed: timed) }
        }
        let batch = PipelinedWrites.joined(writers: writers, counts: pipelinedWriteCounts)
        let member = batch.add { self.answer(operation, admitted, state: state, on: $0) }
        let timeout = timed ? requestTimeout : nil
        return .batched(.writes(batch)) {
            .continued(on: batch.lane) {
                if let written = await batch.answer(for: member, timeout: timeout) { return written }
                return await self.run(operation, admitted, state: state, timed: timed)
            }
        }
    }

    /// The path of every request: the prelude, then the work.
    nonisolated func respond(_ operation: CompiledOperation, _ request: OperationRequest, state: Published) async -> EngineAnswer {
        switch prelude(operation, request, state: state) {
        case .refused(let refusal): return refusal
        case .admitted(let admitted): return await run(operation, admitted, state: state, timed: request.timed)
        }
    }

    private nonisolated func prelude(_ operation: CompiledOperation, _ request: OperationRequest, state: Published) -> Admission {
        preludes.add(1, ordering: .relaxed)
        return admit(operation, request, state: state)
    }

    /// Runs admitted work under the request's limits: a query on a read connection (the engine
    /// actor stays free meanwhile), a mutation on a connection of `writers` where the database
    /// has them, anything else on the engine's writing connection.
    /// None blocks the cooperative pool: queries run on `databaseThreads`, mutations side by side
    /// on `writers`, other writes on the engine actor's own thread (`EngineThread`), one at a time.
    nonisolated func run(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published, timed: Bool) async -> EngineAnswer {
        let timeout = timed ? requestTimeout : nil
        if operation.isMutation {
            return await withTaskExecutorPreference(mutationExecutor) { await writeMutation(operation, admitted, state: state, timeout: timeout) }
        }
        return await withTaskExecutorPreference(databaseThreads) {
            await runHere(operation, admitted, state: state, timeout: timeout)
        }
    }

    private nonisolated func runHere(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published, timeout: Duration?) async -> EngineAnswer {
        if operation.isQuery, !readers.isEmpty {
            let outcome = await underWorkLimit(timeout: timeout, isMutation: false) { limit in
                await readers.withConnection { reader in
                    reader.read(under: limit, singleStatement: operation.readsInOneStatement) { answer(operation, admitted, state: state, on: $0) }
                }
            }
            return Self.answer(outcome)
        }
        return await write(operation, admitted, state: state, timeout: timeout)
    }

    private func write(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published, timeout: Duration?) async -> EngineAnswer {
        let outcome = await underWorkLimit(timeout: timeout, isMutation: operation.isMutation) { limit in
            write(operation, admitted, state: state, under: limit)
        }
        return Self.answer(outcome)
    }

    private func write(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published, under limit: WorkLimit) -> EngineAnswer? {
        let written = database.withWorkLimit(limit) { self.answer(operation, admitted, state: state, on: database) }
        if operation.isMutation { checkpointWhenIdle() }
        return written
    }

    /// Where a mutation runs: on a writing thread where the database writes in parallel, else on
    /// the engine's own thread (whose jobs are the engine's, so its writes need no further hop).
    private nonisolated var mutationExecutor: any TaskExecutor {
        writers.isEmpty ? engineThread : writers
    }

    /// A mutation on the writing connection of the `writers` thread running it (on the engine's
    /// own should it run anywhere else, as on the engine's thread).
    private nonisolated func writeMutation(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published,
                                           timeout: Duration?) async -> EngineAnswer {
        let outcome = await underWorkLimit(timeout: timeout, isMutation: true) { limit -> EngineAnswer? in
            guard let writer = WritingThreads.connection else { return await write(operation, admitted, state: state, under: limit) }
            return writer.write(under: limit) { answer(operation, admitted, state: state, on: $0) }
        }
        return Self.answer(outcome)
    }

    /// The answer on `database`: AEM's from its content; Data Connect's written by the
    /// operation's plan when it has one that covers the request, else executed.
    nonisolated func answer(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published,
                            on database: any SQLConnection) -> EngineAnswer {
        if case .aem(let instance) = graphQLDialect { return instance.answer(operation, admitted, schema: state.schema, on: database) }
        if let (executor, prepared) = preparedPlan(operation, admitted, state: state, on: database) {
            return finish(prepared, on: executor, operation, admitted, state: state)
        }
        return genericAnswer(operation, admitted, state: state, on: database)
    }

    /// `answer` begun on a connection that may queue its next statement (`PipelinedLookups`):
    /// finished when the statement ran, else what finishes it once the queue ran. A planned query
    /// works its statement out once; any other work, and a plan whose statement failed before it
    /// could be queued, runs whole, and again once what it queued ran.
    nonisolated func beginAnswer(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published,
                                 on database: any SQLConnection) -> PipelinedLookups.Start {
        if let (executor, prepared) = preparedPlan(operation, admitted, state: state, on: database) {
            executor.sendFirstStatement(of: prepared)
            if database.queuedLastStatement { return .waiting { _ in self.finish(prepared, on: executor, operation, admitted, state: state) } }
        }
        let answer = answer(operation, admitted, state: state, on: database)
        guard database.queuedLastStatement else { return .finished(answer) }
        return .waiting { self.answer(operation, admitted, state: state, on: $0) }
    }

    /// The executor of a Data Connect query with a plan, and the plan's statements for this
    /// request; nil when the generic executor (or AEM's) answers.
    private nonisolated func preparedPlan(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published,
                                          on database: any SQLConnection) -> (Executor, PreparedPlan)? {
        guard case .dataConnect = graphQLDialect, let plan = operation.plan, planning.load(ordering: .relaxed) else { return nil }
        let executor = Self.executor(operation, admitted, state: state, on: database, limits: limits)
        preparedPlans.add(1, ordering: .relaxed)
        return executor.prepare(plan).map { (executor, $0) }
    }

    /// The answer of a prepared plan, or the generic executor's when the plan gives up.
    private nonisolated func finish(_ prepared: PreparedPlan, on executor: Executor, _ operation: CompiledOperation,
                                    _ admitted: AdmittedRequest, state: Published) -> EngineAnswer {
        if let body = executor.executePlan(prepared) {
            plannedAnswers.add(1, ordering: .relaxed)
            return EngineAnswer(status: 200, body: body)
        }
        return genericAnswer(operation, admitted, state: state, on: executor.database)
    }

    private nonisolated func genericAnswer(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published,
                                           on database: any SQLConnection) -> EngineAnswer {
        // The plan's statement was queued: this run's answer is dropped, and the plan runs again
        // with the statement's outcome (`PipelinedLookups`).
        if database.queuedLastStatement { return EngineAnswer(status: 0, body: []) }
        database.readOneSnapshotFromHere()
        return EngineAnswer(Self.response(Self.executor(operation, admitted, state: state, on: database, limits: limits).execute()))
    }

    private static func executor(_ operation: CompiledOperation, _ admitted: AdmittedRequest, state: Published,
                                 on database: any SQLConnection, limits: ExecutionLimits) -> Executor {
        Executor(schema: state.schema, model: state.model, database: database, operation: operation, admitted: admitted, limits: limits)
    }

    private static func answer(_ outcome: Swift.Result<EngineAnswer, StoppedWork>) -> EngineAnswer {
        switch outcome {
        case .success(let answer): answer
        case .failure(let stopped): EngineAnswer(stopped.response)
        }
    }

    /// Whether the hosted operation has a `QueryPlan` (for tests).
    nonisolated func hasPlan(connector: String, name: String) -> Bool {
        compiledOperation(connector: connector, name: name)?.plan != nil
    }

    /// The hosted operation as loaded (for tests).
    nonisolated func compiledOperation(connector: String, name: String) -> CompiledOperation? {
        published.withLock { $0 }.operations[connector]?[name]
    }
}
