/// One accepted client socket. Owned and touched only by its event loop's thread.
final class Connection {
    enum State {
        /// Waiting for (more of) a request.
        case reading
        /// The handler Task is running; the socket is polled only for the peer hanging up (see
        /// `watchesHangUp`), so pipelined bytes wait in the kernel.
        case handling
        /// A response is partly written; waiting for the socket to accept more.
        case writing
        /// The last response is sent and our side is shut down; discarding input until the peer closes,
        /// so unread request bytes do not turn our close into a reset that destroys the response.
        case draining
    }

    let fd: Int32
    let id: UInt64
    let remoteAddress: String?
    var state = State.reading
    var parser: RequestParser
    var input: [UInt8] = []
    var inputStart = 0
    /// Monotonic deadline for the current state; `UInt64.max` when none (handling).
    var deadline: UInt64
    /// Whether bytes of an unfinished request have arrived (a timeout then answers 408).
    var hasPartialRequest = false
    var continueSent = false
    /// Set per request: keep the connection open after the response.
    var keepAlive = true
    var isHeadRequest = false
    var requestVersion = HTTPVersion.http1_1
    var outputHead: [UInt8] = []
    var outputBody: [UInt8] = []
    var outputOffset = 0
    var closeAfterWrite = false
    var isClosed = false
    /// The Task running the handler for the request in hand, cancelled when the peer hangs up
    /// or the server stops.
    var handlerTask: Task<Void, Never>?
    /// While handling: whether to poll for the peer closing its side. Off once pipelined bytes
    /// are seen (they stay readable until the answer is written) or the hang-up was handled.
    var watchesHangUp = false
    /// When the connection last started waiting for a request (accepted, or a response written):
    /// at the connection limit the one waiting longest gives up its slot.
    var readingSince: UInt64 = 0
    /// False for a connection accepted beyond the limit only to be told 503.
    var countsTowardLimit = true
    /// Set while `processInput` runs for this connection, so a response finished inside it does not
    /// re-enter it (its loop takes the next pipelined request).
    var isProcessingInput = false

    init(fd: Int32, id: UInt64, remoteAddress: String?, limits: RequestParser.Limits, deadline: UInt64) {
        self.fd = fd
        self.id = id
        self.remoteAddress = remoteAddress
        self.parser = RequestParser(limits: limits)
        self.deadline = deadline
    }

    var hasBufferedInput: Bool { inputStart < input.count }

    var pendingOutputCount: Int { outputHead.count + outputBody.count - outputOffset }

    /// Drops consumed input so the buffer does not grow across keep-alive requests.
    func compactInput() {
        if inputStart == input.count {
            input.removeAll(keepingCapacity: input.capacity <= 1 << 16)
            inputStart = 0
        } else if inputStart > 4096, inputStart * 2 > input.count {
            input.removeSubrange(0..<inputStart)
            inputStart = 0
        }
    }
}
