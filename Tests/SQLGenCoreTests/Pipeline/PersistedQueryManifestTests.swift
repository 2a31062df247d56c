import Testing
@testable import SQLGenCore

@Suite struct PersistedQueryManifestTests {
    @Test("Bodies are JSON strings: quotes, backslashes and control characters escaped, DEL and other text as it is")
    func bodiesAreEscapedAsJSON() {
        let document = "query q { a(s: \"x\\\\y\") }\n\t\r\u{1}\u{7F}é"
        let operation = OperationIR(name: "q", kind: .query, variables: [],
                                    data: SelectionSetIR(structName: "Data", typeName: "Query", fields: []), document: document)
        let json = PersistedQueryManifest.json([ConnectorIR(info: .init(connectorID: "c", packageName: "C"), operations: [operation])])
        #expect(json.contains(#""body": "query q { a(s: \"x\\\\y\") }\n\t\r\u0001"# + "\u{7F}é\"}"))
    }
}
