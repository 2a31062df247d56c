/// A growable stack for the walk's per-node state (`TypeInfo`'s types), read and changed at
/// every node.
///
/// Its storage is reached through a pointer held in a constant, so that pushes, pops and reads
/// need none of the dynamic exclusivity checks that a class's stored array costs on each access
/// (measured at about a tenth of validation time). Non-copyable, so that it frees its storage
/// exactly once without being an object of its own. Not thread-safe; one walk owns it.
struct FrameStack<Element>: ~Copyable {
    private struct Header {
        var base: UnsafeMutablePointer<Element>
        var count: Int
        var capacity: Int
    }

    private let header: UnsafeMutablePointer<Header>

    init(capacity: Int = 16) {
        let capacity = max(capacity, 1)
        header = UnsafeMutablePointer<Header>.allocate(capacity: 1)
        header.initialize(to: Header(base: UnsafeMutablePointer<Element>.allocate(capacity: capacity), count: 0, capacity: capacity))
    }

    deinit {
        header.pointee.base.deinitialize(count: header.pointee.count)
        header.pointee.base.deallocate()
        header.deinitialize(count: 1)
        header.deallocate()
    }

    var count: Int { header.pointee.count }

    /// The top element, nil when empty. Read one property through it (`top?.pointee.type`)
    /// rather than copying the whole element; valid until the next push or pop.
    var top: UnsafeMutablePointer<Element>? {
        let count = header.pointee.count
        return count > 0 ? header.pointee.base + (count - 1) : nil
    }

    /// The element below the top, nil when there are fewer than two; as `top`.
    var belowTop: UnsafeMutablePointer<Element>? {
        let count = header.pointee.count
        return count > 1 ? header.pointee.base + (count - 2) : nil
    }

    func push(_ element: Element) {
        if header.pointee.count == header.pointee.capacity { grow() }
        (header.pointee.base + header.pointee.count).initialize(to: element)
        header.pointee.count += 1
    }

    /// Removes the top element (nothing when empty: enter and leave calls are balanced).
    func pop() {
        guard header.pointee.count > 0 else { return }
        header.pointee.count -= 1
        (header.pointee.base + header.pointee.count).deinitialize(count: 1)
    }

    private func grow() {
        let capacity = header.pointee.capacity * 2
        let base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        base.moveInitialize(from: header.pointee.base, count: header.pointee.count)
        header.pointee.base.deallocate()
        header.pointee.base = base
        header.pointee.capacity = capacity
    }
}
