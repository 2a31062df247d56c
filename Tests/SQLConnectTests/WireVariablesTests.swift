import Foundation
import Testing
@testable import SQLConnect

@Suite struct WireVariablesTests {
    private let id1 = WireFixtures.uuid(WireFixtures.id1)
    private let id2 = WireFixtures.uuid(WireFixtures.id2)
    private let id3 = WireFixtures.uuid(WireFixtures.id3)
    private let hex1 = "6ba7b8109dad11d180b400c04fd430c8"
    private let hex2 = "6ba7b8119dad11d180b400c04fd430c8"
    private let hex3 = "0123456789abcdef0123456789abcdef"

    private func variablesJSON(_ variables: some OperationVariable) throws -> String {
        let request = try OperationRequest(connector: RecordingServer.connector, operationName: "Q", kind: .query, variables: variables)
        return String(decoding: request.variablesJSON, as: UTF8.self)
    }

    private func filmVariables() -> FilmVariables {
        var nested = FilmInput(ownerId: id2, budget: -1)
        nested.editorId = nil
        nested.views = 5
        nested.tagIds = [id1, id3]
        return FilmVariables(key: FilmKey(id: id1), id: id2, big: 9_007_199_254_740_993, ids: [id1, id3], counters: [1, -2],
                             input: FilmInput(ownerId: id1, budget: Int64.max), inputs: [nested], ratio: ._UNKNOWN("CINERAMA"))
    }

    private var requiredJSON: String {
        #"{"key":{"id":"\#(hex1)"},"id":"\#(hex2)","big":"9007199254740993","ids":["\#(hex1)","\#(hex3)"],"counters":["1","-2"],"#
            + #""input":{"ownerId":"\#(hex1)","budget":"9223372036854775807"},"#
            + #""inputs":[{"ownerId":"\#(hex2)","budget":"-1","editorId":null,"views":"5","tagIds":["\#(hex1)","\#(hex3)"]}],"ratio":"CINERAMA""#
    }

    @Test("UUID and Int64 take their wire forms everywhere: plain, in arrays, nested inputs, key structs")
    func requiredPositions() throws {
        #expect(try variablesJSON(filmVariables()) == requiredJSON + "}")
    }

    @Test("Synthesized @OptionalVariable members: unset is omitted, nil is null, a value takes its wire form")
    func optionalPositions() throws {
        var variables = filmVariables()
        #expect(!variables.$maybeId.isSet)
        variables.limit = 3
        variables.maybeId = id3
        variables.maybeBig = Int64.min
        variables.day = try LocalDate(string: "2024-01-05")
        variables.payload = .object(["n": .int(1), "s": .string("2")])
        #expect(try variablesJSON(variables) == requiredJSON
            + #","limit":3,"maybeId":"\#(hex3)","maybeBig":"-9223372036854775808","day":"2024-01-05","payload":{"n":1,"s":"2"}}"#)
        variables.maybeId = nil
        variables.maybeBig = nil
        variables.$limit.unset()
        variables.$day.unset()
        variables.$payload.unset()
        #expect(try variablesJSON(variables) == requiredJSON + #","maybeId":null,"maybeBig":null}"#)
        variables.$maybeId.unset()
        variables.$maybeBig.unset()
        #expect(try variablesJSON(variables) == requiredJSON + "}")
    }

    @Test("Unset, nil and set variables give different cache keys")
    func requestIdentity() throws {
        var variables = filmVariables()
        let unset = try OperationRequest(connector: RecordingServer.connector, operationName: "Q", kind: .query, variables: variables).requestID
        variables.maybeId = nil
        let null = try OperationRequest(connector: RecordingServer.connector, operationName: "Q", kind: .query, variables: variables).requestID
        variables.maybeId = id1
        let set = try OperationRequest(connector: RecordingServer.connector, operationName: "Q", kind: .query, variables: variables).requestID
        #expect(Set([unset, null, set]).count == 3)
    }

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
        #expect(try AnyValue(codableValue: FilmKey(id: id1)) == .object(["id": .string(hex1)]))
    }

    @Test("Key structs decoded from a result go back out as variables unchanged")
    func keyRoundTrip() throws {
        let key = try WireDecoder.decode(FilmKey.self, from: Data(#"{"id":"6BA7B810-9DAD-11D1-80B4-00C04FD430C8"}"#.utf8))
        #expect(key.id == id1)
        #expect(try VariablesEncoder.encode(key).serialized() == #"{"id":"\#(hex1)"}"#)
    }

    @Test("A mutation sends wire-form variables to the server and decodes wire-form results")
    func overTheWire() async throws {
        try await RecordingServer.with { server in
            server.enqueueJSON(#"{"data":{"ids":["\#(hex1)"],"total":"-3","count":0,"films":[]}}"#)
            var variables = filmVariables()
            variables.maybeId = nil
            let result = try await server.client()
                .mutation(name: "UpsertFilm", variables: variables, resultsDataType: FilmsData.self).execute()
            #expect(result.data?.ids == [id1])
            #expect(result.data?.total == -3)
            #expect(server.requests.first?.bodyText == #"{"variables":"# + requiredJSON + #","maybeId":null}}"#)
        }
    }
}
