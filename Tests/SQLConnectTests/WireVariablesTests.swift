import Foundation
import Testing
@testable import SQLConnect

/// The variables encoder on its own; generated variables and input objects are run in
/// `GeneratedSDKTests`.
@Suite struct WireVariablesTests {
    private let hex1 = "6ba7b8109dad11d180b400c04fd430c8"

    @Test("Direct single-value encodes of Int64 are strings; other integers and AnyValue stay numbers")
    func singleValues() throws {
        struct Custom: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(Int64(7))
                try container.encode(Int32(7))
                try container.encode(UInt64(7))
                var nested = container.nestedUnkeyedContainer()
                try nested.encode(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF)))
            }
        }
        #expect(try VariablesEncoder.encode(Custom()).serialized() == #"["7",7,7,["000000000000000000000000000000ff"]]"#)
        #expect(try VariablesEncoder.encode(AnyValue.int(Int64.max)).serialized() == "9223372036854775807")
        struct Key: Codable { var id: UUID }
        #expect(try AnyValue(codableValue: Key(id: UUIDHex.parse(hex1) ?? UUID())) == .object(["id": .string(hex1)]))
    }

    @Test("A Codable value decoded from a dashed UUID goes back out in the wire form")
    func keyRoundTrip() throws {
        struct Key: Codable { var id: UUID }
        let key = try WireDecoder.decode(Key.self, from: Data(#"{"id":"6BA7B810-9DAD-11D1-80B4-00C04FD430C8"}"#.utf8))
        #expect(key.id == UUIDHex.parse(hex1))
        #expect(try VariablesEncoder.encode(key).serialized() == #"{"id":"\#(hex1)"}"#)
    }
}
