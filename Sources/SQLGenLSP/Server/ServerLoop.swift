import Foundation
import SQLGenJSON
import Synchronization

/// Runs a language server over two file descriptors (standard input and output by default) until
/// the client says `exit` or closes the input. A thread reads messages into a queue; the server
/// answers them in order and validates once the queue is empty, so diagnostics never hold up an
/// answer and a burst of edits is validated once.
public enum ServerLoop {
    /// The exit status: 0 after `shutdown` then `exit`, 1 otherwise (LSP's rule).
    public static func run(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        let writer = MessageWriter(descriptor: output)
        let server = LanguageServer(send: writer.send)
        let queue = MessageQueue()
        let reader = Thread {
            var reader = MessageReader(descriptor: input)
            while true {
                do {
                    queue.push(.message(try reader.next()))
                } catch {
                    if case MessageReader.Failure.badHeader(let header)? = error as? MessageReader.Failure {
                        let shown = String(reflecting: String(header.prefix(120)))
                        FileHandle.standardError.write(Data("sqlgen lsp: the input is not LSP messages (header \(shown)); stopping\n".utf8))
                    }
                    queue.push(.end)
                    return
                }
            }
        }
        reader.stackSize = 1 << 20
        reader.start()
        var waitingSince: UInt64?
        while true {
            if server.hasPendingWork {
                // Validate once the queue is empty, or after a while under a stream of requests.
                let now = DispatchTime.now().uptimeNanoseconds
                let since = waitingSince ?? now
                waitingSince = since
                if queue.isEmpty || now - since > maximumWait {
                    server.publishDiagnostics()
                    waitingSince = nil
                    continue
                }
            }
            switch queue.take() {
            case .end:
                return server.exitStatus ?? 1
            case .message(let bytes):
                handle(bytes, server: server)
                if let status = server.exitStatus { return status }
            }
        }
    }

    /// How long diagnostics may wait behind requests, in nanoseconds.
    static let maximumWait: UInt64 = 100_000_000

    static func handle(_ bytes: [UInt8], server: LanguageServer) {
        do {
            server.handle(try JSONParser.parse(bytes))
        } catch {
            server.reportParseError("the message is not JSON: \(error.message) at byte \(error.offset)")
        }
    }
}

/// Messages read and not yet handled, shared by the reading thread and the server's.
final class MessageQueue: Sendable {
    enum Item: Sendable {
        case message([UInt8])
        case end
    }

    private let items = Mutex<[Item]>([])
    private let available = DispatchSemaphore(value: 0)

    func push(_ item: Item) {
        items.withLock { $0.append(item) }
        available.signal()
    }

    var isEmpty: Bool { items.withLock { $0.isEmpty } }

    /// The oldest item, waiting for one.
    func take() -> Item {
        available.wait()
        return items.withLock { $0.removeFirst() }
    }
}
