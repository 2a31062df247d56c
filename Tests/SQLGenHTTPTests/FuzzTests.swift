import Testing
@testable import SQLGenHTTP

@Suite("Fuzzing")
struct FuzzTests {
    /// A small deterministic generator, so a failure can be replayed from its seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static let seeds: [[UInt8]] = [
        Array(request("GET", "/graphql?x=1").utf8),
        Array(request("POST", "/graphql", headers: ["Content-Type: application/json"], body: "{\"query\":\"{a}\"}").utf8),
        Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b\r\nhello\r\n0\r\nT: 1\r\n\r\n".utf8),
        Array("HEAD / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".utf8),
        Array("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc".utf8),
    ]

    static let interesting: [UInt8] = Array("\r\n :;,0123456789abcdefABCDEF/?%HTTP-\t\u{7F}".utf8) + [0, 0x80, 0xFF]

    static func mutate(_ input: [UInt8], using random: inout SplitMix) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.insert(interesting.randomElement(using: &random) ?? 0, at: position)
            case 2 where !bytes.isEmpty: bytes.remove(at: position)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...16, using: &random))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            case 4: bytes = Array(bytes.prefix(position))
            default: bytes.insert(contentsOf: (0..<Int.random(in: 1...12, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: position)
            }
        }
        return bytes
    }

    /// The parser alone: every input either needs more, parses, or fails with a status; never traps.
    @Test func parserSurvivesMutatedAndRandomInput() {
        var random = SplitMix(state: 42)
        var outcomes = [0, 0, 0]
        for iteration in 0..<20_000 {
            let input: [UInt8]
            if iteration % 4 == 0 {
                input = (0..<Int.random(in: 0...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            } else {
                input = Self.mutate(Self.seeds[iteration % Self.seeds.count], using: &random)
            }
            var parser = RequestParser(limits: .init(maxHeaderBytes: 512, maxBodyBytes: 64))
            var start = 0
            // Feed in two pieces, as a socket might deliver them.
            let split = input.isEmpty ? 0 : Int.random(in: 0...input.count, using: &random)
            var buffer = Array(input[0..<split])
            var outcome = parser.parse(buffer, start: &start)
            if case .needMore = outcome {
                buffer += input[split...]
                outcome = parser.parse(buffer, start: &start)
            }
            switch outcome {
            case .needMore: outcomes[0] += 1
            case .request: outcomes[1] += 1
            case let .failure(error):
                outcomes[2] += 1
                #expect([400, 413, 417, 431, 501, 505].contains(error.status))
            }
            #expect(start >= 0 && start <= buffer.count)
        }
        // The mutations should reach all three outcomes, or the fuzzer is not exploring.
        #expect(outcomes.allSatisfy { $0 > 100 })
    }

    /// Summarises an outcome so results from different feeding patterns can be compared.
    static func summary(_ outcome: RequestParser.Outcome, consumed: Int) -> String {
        switch outcome {
        case .needMore: "needMore"
        case let .request(request, keepAlive): "request \(request.method) \(request.target) \(request.body) \(keepAlive) \(consumed)"
        case let .failure(error): "failure \(error.status)"
        }
    }

    /// Feeding a message whole or in random pieces must give the same result: the incremental
    /// state (head scan offsets, chunk states) must not depend on where the socket splits the bytes.
    @Test func parserResultDoesNotDependOnHowInputIsSplit() {
        var random = SplitMix(state: 7)
        for iteration in 0..<3_000 {
            let input = Self.mutate(Self.seeds[iteration % Self.seeds.count], using: &random)
            let limits = RequestParser.Limits(maxHeaderBytes: 256, maxBodyBytes: 64)

            var whole = RequestParser(limits: limits)
            var wholeStart = 0
            let wholeOutcome = whole.parse(input, start: &wholeStart)

            var pieces = RequestParser(limits: limits)
            var piecesStart = 0
            var buffer: [UInt8] = []
            var piecesOutcome = RequestParser.Outcome.needMore
            var offset = 0
            while offset < input.count {
                let end = min(input.count, offset + Int.random(in: 1...7, using: &random))
                buffer += input[offset..<end]
                offset = end
                piecesOutcome = pieces.parse(buffer, start: &piecesStart)
                if case .needMore = piecesOutcome { continue }
                break
            }
            let expected = Self.summary(wholeOutcome, consumed: wholeStart)
            let actual = Self.summary(piecesOutcome, consumed: piecesStart)
            #expect(expected == actual, "input \(input)")
            if expected != actual { return }
        }
    }

    /// The server over real sockets: after thousands of hostile byte sequences it still answers a good request.
    @Test func serverSurvivesThousandsOfMutatedRequests() async throws {
        let configuration = testConfiguration(maxHeaderBytes: 1024, maxBodyBytes: 1024, readTimeout: .milliseconds(300))
        try await withServer(configuration) { _, port in
            let answered = try await withThrowingTaskGroup(of: Int.self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        try await blocking {
                            var random = SplitMix(state: UInt64(worker) + 1)
                            var answered = 0
                            for iteration in 0..<750 {
                                var input = iteration % 5 == 0
                                    ? (0..<Int.random(in: 1...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                                    : Self.mutate(Self.seeds[iteration % Self.seeds.count], using: &random)
                                if iteration % 3 == 1 {
                                    // A good request first, so the hostile bytes hit a kept-alive connection.
                                    input = Self.seeds[1] + input
                                }
                                let client = try RawClient(port: port, timeout: 1)
                                client.send(input)
                                // End of input makes the server answer or close now instead of waiting for more.
                                client.finishSending()
                                // Whatever comes back (a response, nothing, a reset) is fine.
                                if !client.readUntilClose().isEmpty { answered += 1 }
                            }
                            return answered
                        }
                    }
                }
                var total = 0
                for try await count in group { total += count }
                return total
            }
            #expect(answered > 0)
            let response = try await blocking { try RawClient(port: port).roundTrip(request("POST", "/after", body: "still alive")) }
            #expect(response.status == 200)
            #expect(response.bodyText == "still alive")
        }
    }
}
