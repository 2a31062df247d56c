@testable import SQLGenEmulator
import SQLGenJSON
import Testing

/// Inputs the fuzzer (scripts/fuzz.sh; benchmarks/fuzz/README.md) found breaking the emulator,
/// each failing before its fix.
@Suite("Fuzz findings: emulator")
struct FuzzFindingsTests {
    /// json-emulator: a number past `Double`'s range parsed as infinity and was written back as
    /// `null`; it is now an error.
    @Test func jsonNumberOutOfRange() throws {
        for text in ["-1234567890121e99890", "1e400", "[1E309]"] {
            #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        }
        #expect(try JSONParser.parse("1.7976931348623157e308") == .double(1.7976931348623157e308))
    }

    /// aem-path: a delivery URL's `width` past `Int.max / 1200` overflowed working out the height
    /// (a trap that stopped the server); it is a placeholder of the largest size now.
    @Test func aemDeliveryWidthOverflow() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        for width in ["9223372036854775807", "7686143364045647", "100000000"] {
            let reply = try await harness.request("GET", "/adobe/dynamicmedia/deliver/dm-aid--1234/image.png?width=\(width)")
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "image/png")
        }
    }
}
