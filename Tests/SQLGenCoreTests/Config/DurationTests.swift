import Testing
@testable import SQLGenCore

@Suite struct DurationTests {
    @Test(arguments: [
        ("5s", 5.0), ("2s", 2.0), ("2m", 120.0), ("1h", 3600.0), ("1h30m", 5400.0), ("250ms", 0.25),
        ("1.5s", 1.5), ("0", 0.0), ("0s", 0.0), ("1h2m3s4ms", 3723.004), ("90m", 5400.0), ("0.5h", 1800.0),
    ])
    func parses(text: String, seconds: Double) throws {
        let duration = try #require(ConfigDuration.parse(text))
        #expect(abs(ConfigDuration.seconds(duration) - seconds) < 1e-9)
    }

    @Test(arguments: ["", "soon", "5", "5 s", "s", "5x", "1h-30m", ".s", "1..5s", "-5s", "5S", "1e3s", "99999999999h"])
    func rejects(text: String) {
        #expect(ConfigDuration.parse(text) == nil)
    }
}
