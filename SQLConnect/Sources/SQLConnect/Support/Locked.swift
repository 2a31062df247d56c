import Foundation

/// A value guarded by a lock, for the few pieces of shared mutable state (registries, transports).
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18, so this uses `NSLock`; all access goes through
/// `withLock`, which is what makes the `@unchecked Sendable` sound.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
