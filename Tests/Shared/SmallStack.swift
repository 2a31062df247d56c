import Foundation

/// Runs `body` on a thread with a 512 KiB stack, the size of a secondary thread (and of Swift
/// concurrency's threads) on macOS, and waits for it: deep input must fail cleanly there too.
/// One file, linked into each test target that needs it.
func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    return box.value!
}

private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
