/// The file every call-site target compiles beside the call sites: the offline transport and the
/// stand-in for values the writer cannot spell.
enum CallSiteSupport {
    static let fileName = "CallSiteSupport.swift"
    static let source = #"""
// Written by sqlgen-callsites: what every call-site file uses.
import Foundation
import SQLConnect

/// Answers every request with `{"data": null}`: the call sites run without a server.
struct NullDataTransport: Transport {
    func send(_ request: OperationRequest) async throws -> TransportResponse {
        TransportResponse(statusCode: 200, body: Data(#"{"data":null}"#.utf8))
    }
}

struct MissingValue: Error {}

/// A value the call-site writer cannot spell (a custom scalar): compiles as any type, throws if run.
func missingValue<Value>() throws -> Value {
    throw MissingValue()
}
"""#
}
