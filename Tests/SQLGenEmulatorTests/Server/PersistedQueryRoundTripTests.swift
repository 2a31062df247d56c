import Foundation
import SQLConnect
import Testing
@testable import SQLGenEmulator

/// Any string variable goes through SQLConnect's GET encoding and comes out of the emulator's
/// decoding unchanged, the characters that delimit the path (`;`, `=`, `/`) and escapes included.
@Suite struct PersistedQueryRoundTripTests {
    /// A small deterministic generator, so a failure names a string that can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
    }

    private static let pieces: [String] = [";", "=", "%", "%3B", "%25", "/", "?", "&", "#", "+", " ", "é", "日", "\"", "\\", "a", "Z", "0", "\n", "%zz", ";x=", "🎬", "\u{0}"]

    private func decoded(_ variables: [String: String]) throws -> [String: String]? {
        let request = try OperationRequest(connector: ConnectorConfig(serviceId: "s", location: "l", connector: "c"), operationName: "op", kind: .query, variables: variables)
        guard let (connector, name, pairs) = PersistedQueryPath.parse(Substring("c/op" + request.persistedQuerySuffix)) else { return nil }
        #expect(connector == "c" && name == "op")
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    @Test("Thousands of strings of delimiters, escapes, spaces and non-ASCII text survive the round trip")
    func anyString() throws {
        var generator = Generator(state: 7)
        for _ in 0..<3_000 {
            var value = ""
            for _ in 0..<Int(generator.next() % 12) { value += Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }
            let variables = ["genre": value, "title": "x;" + value]
            #expect(try decoded(variables) == variables, "\(value.debugDescription)")
        }
    }

    @Test("A value with a semicolon, as the issue found it, and values without one as the JS client sends them")
    func examples() throws {
        #expect(try decoded(["genre": "a;b=c"]) == ["genre": "a;b=c"])
        let plain = try OperationRequest(connector: ConnectorConfig(serviceId: "s", location: "l", connector: "c"), operationName: "op", kind: .query, variables: ["q": "50% off"])
        #expect(plain.persistedQuerySuffix == "%3Bq%3D50%25%20off;")
    }
}
