#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs recursion over nested input on a stack that fits the nesting.
///
/// Every recursive walk over input has a depth limit, but a limit safe on an 8 MiB main thread can
/// overflow a 512 KiB one (macOS's secondary threads and Swift concurrency's, more so in a debug
/// build). Shallow input, nearly all of it, runs inline; deeper input runs on a thread of its own
/// whose stack is sized for its nesting, while the caller waits.
package enum DeepStack {
    /// Levels of nesting that run on the caller's stack, whatever its size.
    package static let inlineLevels = 24
    /// Stack per level of nesting: several times what the deepest walker of a debug build takes.
    static let bytesPerLevel = 24 * 1024
    static let baseBytes = 1 << 20
    static let maxBytes = 1 << 30

    /// Runs `body` inline when `levels` is at most `inlineLevels`, else on a thread with a stack
    /// for `levels` levels (inline after all if no thread can be started).
    package static func run<Result, Failure: Error>(nesting levels: Int, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard levels > inlineLevels else { return try body() }
        let (product, overflow) = levels.multipliedReportingOverflow(by: bytesPerLevel)
        let bytes = overflow ? maxBytes : min(maxBytes, baseBytes + product)
        return try withoutActuallyEscaping(body) { (escaping) throws(Failure) -> Result in
            let work = StackWork(escaping)
            guard work.runOnThread(stackBytes: bytes), let outcome = work.outcome else { return try escaping() }
            return try outcome.get()
        }
    }
}

/// The thread's side of `DeepStack.run`: a C entry point cannot be generic.
private class ThreadWork {
    func run() {}

    /// Runs `run()` on a new thread with `stackBytes` of stack and waits for it; false when no
    /// thread could be started (nothing ran).
    final func runOnThread(stackBytes: Int) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackBytes) == 0 else { return false }
        let context = Unmanaged.passRetained(self)
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        guard pthread_create(&thread, &attributes, threadWorkEntry, context.toOpaque()) == 0 else {
            context.release()
            return false
        }
        #if canImport(Darwin)
        guard let thread else { return false }
        #endif
        pthread_join(thread, nil)
        return true
    }
}

private func threadWorkEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().run()
    return nil
}

private final class StackWork<Result, Failure: Error>: ThreadWork {
    private let body: () throws(Failure) -> Result
    private(set) var outcome: Swift.Result<Result, Failure>?

    init(_ body: @escaping () throws(Failure) -> Result) {
        self.body = body
    }

    override func run() {
        do throws(Failure) {
            outcome = .success(try body())
        } catch {
            outcome = .failure(error)
        }
    }
}
