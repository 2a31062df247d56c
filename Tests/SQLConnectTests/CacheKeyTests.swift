import Foundation
import Testing
@testable import SQLConnect

@Suite struct CacheKeyTests {
    let connector = ConnectorConfig(serviceId: "s", location: "l", connector: "c")

    @Test("The request ID is SHA-256 of the name followed by sorted-key JSON")
    func requestID() throws {
        let request = try OperationRequest(connector: connector, operationName: "ListMovies", kind: .query,
                                           variables: OrderedJSON.fields(("b", 1), ("a", .fields(("z", true), ("y", "x")))))
        #expect(request.canonicalVariablesJSON == #"{"a":{"y":"x","z":true},"b":1}"#)
        #expect(request.requestID == SHA256.hexDigest(#"ListMovies{"a":{"y":"x","z":true},"b":1}"#))
    }

    @Test func memberOrderDoesNotChangeTheKey() throws {
        let first = try OperationRequest(connector: connector, operationName: "Q", kind: .query, variables: OrderedJSON.fields(("a", 1), ("b", 2)))
        let second = try OperationRequest(connector: connector, operationName: "Q", kind: .query, variables: OrderedJSON.fields(("b", 2), ("a", 1)))
        let other = try OperationRequest(connector: connector, operationName: "Q", kind: .query, variables: OrderedJSON.fields(("a", 1), ("b", 3)))
        let renamed = try OperationRequest(connector: connector, operationName: "R", kind: .query, variables: OrderedJSON.fields(("a", 1), ("b", 2)))
        #expect(first.requestID == second.requestID)
        #expect(first.requestID != other.requestID)
        #expect(first.requestID != renamed.requestID)
    }

    @Test("An unset optional variable and one set to nil give different keys")
    func unsetVersusNull() throws {
        var unset = MovieVariables(title: "Up")
        var null = MovieVariables(title: "Up")
        null.limit = nil
        let a = try OperationRequest(connector: connector, operationName: "Q", kind: .query, variables: unset)
        let b = try OperationRequest(connector: connector, operationName: "Q", kind: .query, variables: null)
        #expect(a.requestID != b.requestID)
        unset.limit = 3
        #expect(try OperationRequest(connector: connector, operationName: "Q", kind: .query, variables: unset).canonicalVariablesJSON == #"{"limit":3,"title":"Up"}"#)
    }
}
