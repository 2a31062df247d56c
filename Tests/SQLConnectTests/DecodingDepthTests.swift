import Foundation
import Testing
@testable import SQLConnect

/// Responses nested as deep as the parser allows, decoded on a 512 KiB stack (an app's secondary
/// thread on iOS and macOS): every walk over the tree fits; deeper ones are an error.
@Suite struct DecodingDepthTests {
    private struct Holder: Decodable, Sendable {
        var v: AnyValue
    }

    private static func nested(_ levels: Int, open: String, close: String, leaf: String) -> String {
        String(repeating: open, count: levels) + leaf + String(repeating: close, count: levels)
    }

    @Test(arguments: [("[", "]", "1"), (#"{"a":"#, "}", "null")])
    func deepestAllowedValueDecodesOnASmallStack(open: String, close: String, leaf: String) throws {
        let body = #"{"data":{"v":"# + Self.nested(JSONParser.maximumDepth - 3, open: open, close: close, leaf: leaf) + "}}"
        let decoded = onSmallStack { () -> Bool in
            guard let holder = try? ResponseDecoding.decodeResult(Holder.self, from: Data(body.utf8)) else { return false }
            return holder.v != AnyValue.null
        }
        #expect(decoded)
    }

    /// Errors whose extensions nest as deep as allowed, with partial data as deep: decoded, and
    /// the raw data serialized, on a small stack.
    @Test func deepErrorsAndPartialDataOnASmallStack() throws {
        let deep = Self.nested(JSONParser.maximumDepth - 6, open: "[", close: "]", leaf: "1")
        let body = #"{"data":{"v":"# + deep + #"},"errors":[{"message":"boom","extensions":{"x":"# + deep + "}}]}"
        let message = onSmallStack { () -> String? in
            do {
                _ = try ResponseDecoding.decodeResult(Holder.self, from: Data(body.utf8))
                return nil
            } catch DataConnectError.graphQL(let failure) {
                return failure.errors.first?.message
            } catch {
                return "\(error)"
            }
        }
        #expect(message == "boom")
    }

    @Test func nestingPastTheLimitIsADecodingError() {
        let body = #"{"data":{"v":"# + Self.nested(100_000, open: "[", close: "]", leaf: "1") + "}}"
        let failed = onSmallStack { () -> Bool in
            do {
                _ = try ResponseDecoding.decodeResult(Holder.self, from: Data(body.utf8))
                return false
            } catch DataConnectError.decoding(let failure) {
                return failure.message.contains("Nesting deeper than")
            } catch {
                return false
            }
        }
        #expect(failed)
    }
}
