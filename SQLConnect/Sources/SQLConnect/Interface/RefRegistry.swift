/// Hands out one ref instance per key while it is alive (weak references, so unused refs go away).
final class RefRegistry: Sendable {
    private struct WeakEntry {
        weak var object: AnyObject?
    }

    private let entries = Locked<[String: WeakEntry]>([:])

    /// The live ref stored under `key` if it has type `Ref`, else a new one from `make`.
    func ref<Ref: AnyObject>(key: String, make: () -> Ref) -> Ref {
        entries.withLock { entries in
            if let existing = entries[key]?.object as? Ref { return existing }
            if entries.count > 64 { entries = entries.filter { $0.value.object != nil } }
            let created = make()
            entries[key] = WeakEntry(object: created)
            return created
        }
    }
}
