import Foundation
import GoldenWireSDK
@testable import SQLConnect
import Testing

/// Generated variables and input objects (the wire golden's `UpsertFilmMutation`) send every
/// scalar kind in its wire form, and tell unset, `nil` and set apart.
@Suite struct WireVariablesTests {
    private let id1 = WireFixtures.uuid(WireFixtures.id1)
    private let id2 = WireFixtures.uuid(WireFixtures.id2)
    private let id3 = WireFixtures.uuid(WireFixtures.id3)
    private let hex1 = "6ba7b8109dad11d180b400c04fd430c8"
    private let hex2 = "6ba7b8119dad11d180b400c04fd430c8"
    private let hex3 = "0123456789abcdef0123456789abcdef"

    private func variablesJSON(_ variables: some OperationVariable) throws -> String {
        let request = try OperationRequest(connector: WireConnector.connectorConfig, operationName: "upsertFilm", kind: .mutation, variables: variables)
        return String(decoding: request.variablesJSON, as: UTF8.self)
    }

    private func upsertVariables() -> UpsertFilmMutation.Variables {
        let nested = FilmInput(ownerId: id2, budget: -1) {
            $0.editorId = nil
            $0.views = 5
            $0.tagIds = [id1, id3]
        }
        return UpsertFilmMutation.Variables(id: id2, big: 9_007_199_254_740_993, ids: [id1, id3], counters: [1, -2],
                                            input: FilmInput(ownerId: id1, budget: Int64.max), inputs: [nested], ratio: ._UNKNOWN("CINERAMA"))
    }

    private var requiredJSON: String {
        #"{"id":"\#(hex2)","big":"9007199254740993","ids":["\#(hex1)","\#(hex3)"],"counters":["1","-2"],"#
            + #""input":{"ownerId":"\#(hex1)","budget":"9223372036854775807"},"#
            + #""inputs":[{"ownerId":"\#(hex2)","budget":"-1","editorId":null,"views":"5","tagIds":["\#(hex1)","\#(hex3)"]}],"ratio":"CINERAMA""#
    }

    @Test("UUID and Int64 take their wire forms everywhere: plain, in lists, in input objects and lists of them")
    func requiredPositions() throws {
        #expect(try variablesJSON(upsertVariables()) == requiredJSON + "}")
    }

    @Test("Optional variables: unset is left out, nil is null, a value takes its wire form")
    func optionalPositions() throws {
        var variables = upsertVariables()
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

    @Test("Unset, nil and set variables are different values and give different cache keys")
    func requestIdentity() throws {
        var variables = upsertVariables()
        let unset = variables
        let request = { (variables: UpsertFilmMutation.Variables) throws -> String in
            try OperationRequest(connector: WireConnector.connectorConfig, operationName: "upsertFilm", kind: .mutation, variables: variables).requestID
        }
        let unsetID = try request(variables)
        variables.maybeId = nil
        let null = variables
        let nullID = try request(variables)
        variables.maybeId = id1
        #expect(Set([unsetID, nullID, try request(variables)]).count == 3)
        #expect(Set([unset, null, variables]).count == 3)
    }

    @Test("A mutation sends wire-form variables and decodes a wire-form result through the client")
    func throughTheClient() async throws {
        let transport = FakeTransport(#"{"data":{"upsertFilm":"-3"}}"#)
        let connector = WireConnector(dataConnect: transport.client(WireConnector.connectorConfig))
        let input = FilmInput(ownerId: id1, budget: Int64.max)
        let result = try await connector.upsertFilmMutation.execute(id: id2, big: 9_007_199_254_740_993, ids: [id1, id3], counters: [1, -2],
                                                                    input: input, inputs: [], ratio: .WIDESCREEN) { $0.maybeId = nil }
        #expect(result.data?.upsertFilm == -3)
        #expect(transport.requests.first?.operationName == "upsertFilm" && transport.requests.first?.kind == .mutation)
        #expect(transport.lastVariables == #"{"id":"\#(hex2)","big":"9007199254740993","ids":["\#(hex1)","\#(hex3)"],"counters":["1","-2"],"#
            + #""input":{"ownerId":"\#(hex1)","budget":"9223372036854775807"},"inputs":[],"ratio":"WIDESCREEN","maybeId":null}"#)
    }
}
