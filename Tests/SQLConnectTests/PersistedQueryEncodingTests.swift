import Foundation
import Testing
@testable import SQLConnect

@Suite struct PersistedQueryEncodingTests {
    static let connector = ConnectorConfig(serviceId: "aem", location: "local", connector: "wknd-shared")

    @Test("aem-headless-client-js 4.x encoding table", arguments: AEMEncodingTable.rows.indices)
    func table(row: Int) throws {
        let (variables, suffix) = AEMEncodingTable.rows[row]
        let request = try OperationRequest(connector: Self.connector, operationName: "q", kind: .query, variables: variables)
        #expect(request.persistedQuerySuffix == suffix)
    }

    @Test func encodeURIComponentKeepsOnlyTheUnreservedSet() {
        #expect(PersistedQueryEncoding.encodeURIComponent("AZaz09-_.!~*'()") == "AZaz09-_.!~*'()")
        #expect(PersistedQueryEncoding.encodeURIComponent(" /?#[]@$&+,;=:\"%") == "%20%2F%3F%23%5B%5D%40%24%26%2B%2C%3B%3D%3A%22%25")
        #expect(PersistedQueryEncoding.encodeURIComponent("😀") == "%F0%9F%98%80")
    }

    @Test("Non-string values are written the way JSON.stringify writes them")
    func jsonNumbers() throws {
        let variables = OrderedJSON.fields(("a", .double(0.5)), ("b", .double(1e21)), ("c", .double(1e-7)), ("d", .double(3.0)), ("e", "\"q\"\n"))
        let request = try OperationRequest(connector: Self.connector, operationName: "q", kind: .query, variables: variables)
        #expect(String(decoding: request.variablesJSON, as: UTF8.self) == #"{"a":0.5,"b":1e+21,"c":1e-7,"d":3,"e":"\"q\"\n"}"#)
    }

    @Test("Variables that are not a JSON object are a configuration error naming the key")
    func nonObjectVariables() {
        #expect(throws: DataConnectError.self) {
            _ = try OperationRequest(connector: Self.connector, operationName: "q", kind: .query, variables: "text" as OrderedJSON)
        }
    }
}
