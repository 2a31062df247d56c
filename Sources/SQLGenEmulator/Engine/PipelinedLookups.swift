// One-statement queries the HTTP event loop begins in one pass over its ready clients, answered
// together on a database server: each request's statement is queued on one read connection, the
// queue goes out in one round trip once the loop has offered every ready request, and each
// request's work then goes on from its statement (a plan's is worked out once) and finds its
// rows. One by one, every lookup cost the loop a round trip it waited through, and both the
// emulator and the server their system calls.

import Synchronization

/// The queries of one loop pass on one read connection. Used by the loop thread alone.
final class PipelinedLookups: @unchecked Sendable {
    /// The calling loop thread's open batch, if any (each thread keeps its own).
    private static let openBatch = ThreadSlot<PipelinedLookups>()

    private let readers: ConnectionPool<ReadConnection>
    private let counts: PipelineCounts
    private let reader: ReadConnection
    private let connection: any PipeliningConnection
    private let timeBudget: Duration?
    private var members: [Member] = []
    /// The batch keeps itself alive while its thread's slot points at it (until `run`).
    private var keptOpen: PipelinedLookups?

    /// One request of the batch: its place in the queue, its work, and, after `run`, its answer.
    final class Member: @unchecked Sendable {
        let place: Int
        let limit: WorkLimit
        let work: (any SQLConnection) -> EngineAnswer
        /// The answer; nil when the batch's time budget stopped its statement (it continues in a task).
        var answer: EngineAnswer?

        init(place: Int, limit: WorkLimit, work: @escaping (any SQLConnection) -> EngineAnswer) {
            (self.place, self.limit, self.work) = (place, limit, work)
        }
    }

    private init(readers: ConnectionPool<ReadConnection>, counts: PipelineCounts, reader: ReadConnection, connection: any PipeliningConnection,
                 timeBudget: Duration?) {
        (self.readers, self.counts, self.reader, self.connection, self.timeBudget) = (readers, counts, reader, connection, timeBudget)
    }

    /// Whether the calling thread has a batch open on `readers`.
    static func isOpen(on readers: ConnectionPool<ReadConnection>) -> Bool {
        openBatch.value?.readers === readers
    }

    /// The calling thread's open batch on `readers`, or a new one on a free read connection that
    /// can queue statements; nil when none is free.
    static func joined(on readers: ConnectionPool<ReadConnection>, counts: PipelineCounts, timeBudget: Duration?) -> PipelinedLookups? {
        if let open = openBatch.value, open.readers === readers { return open }
        guard let reader = readers.takeFree() else { return nil }
        guard let connection = reader.pipelining else {
            readers.giveBack(reader)
            return nil
        }
        let batch = PipelinedLookups(readers: readers, counts: counts, reader: reader, connection: connection, timeBudget: timeBudget)
        batch.keptOpen = batch
        openBatch.set(batch)
        return batch
    }

    /// Runs `start` until its statement is queued: the member to answer after `run`, or the
    /// answer itself when the work needed no statement (nil when `limit` stopped it).
    func begin(under limit: WorkLimit, _ start: @escaping (any SQLConnection) -> Start) -> Begun {
        connection.queueNextStatement()
        let started = reader.read(under: limit, singleStatement: true, start)
        let place = connection.takeQueuedStatement()
        switch started {
        case nil:
            return .finished(nil)
        case .finished(let answer)?:
            return .finished(answer)
        case .waiting(let rest)?:
            guard let place else { return .finished(reader.read(under: limit, singleStatement: true, rest)) }
            let member = Member(place: place, limit: limit, work: rest)
            members.append(member)
            counts.statements.add(1, ordering: .relaxed)
            return .queued(member)
        }
    }

    /// How a request's work began: answered, or waiting for its queued statement's outcome (the
    /// rest of the work, run on the same connection once the queue ran).
    enum Start {
        case finished(EngineAnswer)
        case waiting((any SQLConnection) -> EngineAnswer)
    }

    enum Begun {
        case finished(EngineAnswer?)
        case queued(Member)
    }

    /// Sends the queue, runs the rest of each member's work with its outcome, and gives the read
    /// connection back. Called once per loop pass, on the loop thread; again, it does nothing.
    func run() {
        guard let keptOpen else { return }
        if Self.openBatch.value === keptOpen { Self.openBatch.set(nil) }
        counts.batches.add(1, ordering: .relaxed)
        connection.runQueuedStatements(under: WorkLimit(timeout: timeBudget))
        for member in members {
            if connection.queuedStatementWasStopped(member.place) { continue }
            connection.answerNextStatement(fromQueued: member.place)
            member.answer = reader.read(under: member.limit, singleStatement: true, member.work)
        }
        members.removeAll()
        connection.endQueue()
        readers.giveBack(reader)
        self.keptOpen = nil
    }
}

/// Batches run and statements queued in them (for tests).
final class PipelineCounts: Sendable {
    let batches = Atomic<Int>(0)
    let statements = Atomic<Int>(0)
}
