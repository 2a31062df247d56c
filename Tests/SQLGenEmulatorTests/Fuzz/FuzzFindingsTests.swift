@testable import SQLGenEmulator
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
}
