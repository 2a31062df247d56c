import Dispatch

extension Array where Element: Sendable {
    /// `map` on every core when there is enough work to share (validating or rendering thousands
    /// of documents).
    package func concurrentMap<T: Sendable>(minimumCount: Int = 64, _ transform: @Sendable (Element) -> T) -> [T] {
        guard count >= minimumCount else { return map(transform) }
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        // Chunks of work, so that threads do not contend on every element.
        let chunks = Swift.min(count, 64)
        let chunkSize = (count + chunks - 1) / chunks
        self.withUnsafeBufferPointer { elements in
            nonisolated(unsafe) let elements = elements
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = chunk * chunkSize
                var index = start
                while index < Swift.min(start + chunkSize, elements.count) {
                    results[index] = transform(elements[index])
                    index += 1
                }
            }
        }
        return results.map { $0! }
    }
}
