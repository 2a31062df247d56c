// Values a piece of work draws at random (new keys), kept so that a second run of the same work
// draws the same ones: a write queued by its first run is answered by its second
// (`PipelinedWrites`), which must build the very statement the first one queued.

/// The values drawn while recording, given back in order while replaying.
final class DrawnValues: @unchecked Sendable {
    private var values: [String] = []
    private var next = 0
    private var replaying = false

    /// The values the calling thread's work draws now, if any are kept.
    private static let current = ThreadSlot<DrawnValues>()

    /// Runs `work` keeping what it draws.
    func recording<Result>(_ work: () -> Result) -> Result {
        (values, next, replaying) = ([], 0, false)
        return withCurrent(work)
    }

    /// Runs `work` drawing the values kept by `recording`, in the same order (new ones past them).
    func replaying<Result>(_ work: () -> Result) -> Result {
        (next, replaying) = (0, true)
        return withCurrent(work)
    }

    private func withCurrent<Result>(_ work: () -> Result) -> Result {
        let outer = Self.current.value
        Self.current.set(self)
        defer { Self.current.set(outer) }
        return work()
    }

    /// A value from `draw`, or the one kept for this place when replaying.
    static func draw(_ draw: () -> String) -> String {
        guard let kept = current.value else { return draw() }
        if kept.replaying, kept.next < kept.values.count {
            kept.next += 1
            return kept.values[kept.next - 1]
        }
        let value = draw()
        if !kept.replaying { kept.values.append(value) }
        return value
    }
}
