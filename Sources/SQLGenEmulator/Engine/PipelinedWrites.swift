// Mutations the HTTP event loop admits in one pass over its ready clients, written together on
// one writing connection of a database server: each mutation whose only statement is one write
// is queued as a transaction of its own, and the queue goes out in one round trip. One by one,
// each write cost the server a round trip with its system calls and a wake-up. An insert's work
// goes on past its queued write to its answer (the key), which stands once the write committed;
// any other work runs again to take its statement's outcome, drawing the keys its first run drew
// (`DrawnValues`), so the second run builds the very statement the first queued.

import Synchronization

/// The mutations of one loop pass. Begun on the loop thread; written by the first member's task to
/// run (the members' tasks run one after another on `lane`; should one run elsewhere meanwhile, it waits).
final class PipelinedWrites: @unchecked Sendable {
    /// The calling loop thread's open batch, if any (each thread keeps its own).
    private static let openBatch = ThreadSlot<PipelinedWrites>()

    /// One mutation of the batch: its work and, once the batch is written, its answer.
    final class Member: @unchecked Sendable {
        let work: (any SQLConnection) -> EngineAnswer
        let drawn = DrawnValues()
        var place: Int?
        /// The answer; nil when the batch did not write it (the member writes alone).
        var answer: EngineAnswer?

        init(work: @escaping (any SQLConnection) -> EngineAnswer) {
            self.work = work
        }
    }

    private enum Phase {
        case gathering, writing, written
    }

    private struct State {
        var phase = Phase.gathering
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private var members: [Member] = []
    private let state = Mutex(State())
    private let counts: PipelineCounts
    /// Where the members' tasks run, one after another.
    let lane: WritingLane
    /// The batch keeps itself alive while its thread's slot points at it (until `run`).
    private var keptOpen: PipelinedWrites?

    private init(writers: WritingThreads, counts: PipelineCounts) {
        lane = WritingLane(writers: writers)
        self.counts = counts
    }

    /// Whether the calling thread has a batch open.
    static var isOpen: Bool { openBatch.value != nil }

    /// The calling thread's open batch, or a new one whose members' tasks run on `writers`.
    static func joined(writers: WritingThreads, counts: PipelineCounts) -> PipelinedWrites {
        if let open = openBatch.value { return open }
        let batch = PipelinedWrites(writers: writers, counts: counts)
        batch.keptOpen = batch
        openBatch.set(batch)
        return batch
    }

    /// Adds a mutation's work, on the loop thread, before `run`.
    func add(_ work: @escaping (any SQLConnection) -> EngineAnswer) -> Member {
        let member = Member(work: work)
        members.append(member)
        return member
    }

    /// Ends the gathering: called once per loop pass, on the loop thread, before any member's task starts.
    func run() {
        guard let keptOpen else { return }
        if Self.openBatch.value === keptOpen { Self.openBatch.set(nil) }
        self.keptOpen = nil
    }

    /// The member's answer once the batch is written under `timeout`: by this task, on the
    /// connection of the writing thread running it, when it is the first to ask; else by the task
    /// that was. Nil: the batch did not write this member (no connection could be had, say),
    /// which then writes alone.
    func answer(for member: Member, timeout: Duration?) async -> EngineAnswer? {
        let writesHere = state.withLock { state in
            guard state.phase == .gathering else { return false }
            state.phase = .writing
            return true
        }
        if writesHere {
            if let writer = WritingThreads.connection { write(on: writer, timeout: timeout) }
            let waiting = state.withLock { state in
                state.phase = .written
                defer { state.waiting.removeAll() }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        } else {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let written = state.withLock { state in
                    if state.phase != .written { state.waiting.append(continuation) }
                    return state.phase == .written
                }
                if written { continuation.resume() }
            }
        }
        return member.answer
    }

    /// Writes the members on `writer`: each queued by a first run of its work (or written then, when
    /// it is not one statement), the queue sent, then each queued member's work run again for its
    /// outcome unless its provisional answer stands. Each run and the queue under `timeout`; a
    /// queued write it stopped, or one skipped after another's failure, was not made: that
    /// member writes alone.
    private func write(on writer: WriteConnection, timeout: Duration?) {
        guard let connection = writer.database as? any PipeliningConnection else { return }
        counts.batches.add(1, ordering: .relaxed)
        for member in members {
            connection.queueNextWrite()
            let answer = writer.write(under: WorkLimit(timeout: timeout)) { database in member.drawn.recording { member.work(database) } }
            member.place = connection.takeQueuedStatement()
            member.answer = answer
        }
        counts.statements.add(connection.unsentStatements, ordering: .relaxed)
        connection.runQueuedStatements(under: WorkLimit(timeout: timeout))
        for member in members {
            guard let place = member.place else { continue }
            if member.answer != nil, connection.provisionalAnswerStands(place) { continue }
            member.answer = nil
            guard !connection.queuedStatementWasStopped(place) else { continue }
            connection.answerNextStatement(fromQueued: place)
            // Under no limit: the work only takes its statement's outcome, and a made write is answered.
            member.answer = writer.write(under: WorkLimit()) { database in member.drawn.replaying { member.work(database) } }
        }
        connection.endQueue()
    }
}
