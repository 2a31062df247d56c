import Testing
import SQLGenLanguage
@testable import SQLGenCore

/// Mutated configuration files give a config or a `ConfigurationError` holding an error, never a trap.
@Suite struct ConfigFuzzTests {
    static let seed = """
    connectorId: kitchen-sink
    authMode: PUBLIC
    generate:
      swiftSdk:
        - outputDir: "../../Gen/"
          package: KitchenSink
          observablePublisher: "observableObject"
          clientCache: {maxAge: 2s, storage: memory}
    sqlgen:
      schema: [schema, api/schema.json]
      operations: ["**/*.gql"]
      backend: aem
      endpoint: https://example.com
      aem: {configuration: wknd-shared}
      scalars: {Date: Foundation.Date, JSON: {type: J, import: M}}
      sqlConnect: {url: https://x.git, version: 1.0.0}
    """

    static let fragments = ["\n", "  ", ":", "- ", "[", "]", "{", "}", ",", "'", "\"", "#", "null", "5", "1h", "x", "\t", "|", "&a", "é"]

    @Test func mutatedConnectorsNeverCrash() {
        var state: UInt64 = 0xC0FFEE
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        var parsed = 0
        for _ in 0..<2_000 {
            var bytes = Array(ConfigFuzzTests.seed.utf8)
            for _ in 0..<(1 + next(4)) {
                let position = next(bytes.count + 1)
                if next(2) == 0 {
                    bytes.insert(contentsOf: Array(ConfigFuzzTests.fragments[next(ConfigFuzzTests.fragments.count)].utf8), at: position)
                } else if position < bytes.count {
                    bytes.remove(at: position)
                }
            }
            do {
                _ = try ConnectorConfig.parse(bytes: bytes, path: "/p/connector.yaml")
                parsed += 1
            } catch {
                #expect(!error.errors.isEmpty)
                #expect(error.errors.allSatisfy { $0.location != nil && $0.file == "/p/connector.yaml" })
            }
        }
        #expect(parsed > 0)
    }
}
