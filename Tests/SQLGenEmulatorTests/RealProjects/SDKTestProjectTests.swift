import Foundation
import SQLGenEmulator
import SQLGenJSON
import Testing

/// The two projects of firebase/data-connect-ios-sdk that have no seed: KitchenSink (its
/// integration tests' scalar round trips, aliased and partly failing mutations) and the template
/// project "Start FDC Tools" creates (one `Item` table).
@Suite("Real projects: data-connect-ios-sdk-kitchensink and -template in the emulator")
struct SDKTestProjectTests {
    static let id = "11a7649b-8ff5-485b-afbf-2ea5f28894d0"
    static let undashed = "11a7649b8ff5485bafbf2ea5f28894d0"

    private func kitchenSink() async throws -> EmulatorHarness {
        try await RealProject("examples/data-connect-ios-sdk-kitchensink").start()
    }

    @Test func scalarsRoundTripAtTheirBounds() async throws {
        let emulator = try await kitchenSink()
        defer { Task { await emulator.shutdown() } }
        let boundary = #"{"id": "\#(Self.id)", "maxNumber": 2147483647, "minNumber": -2147483648, "maxDecimal": 1.7976931348623157e308, "minDecimal": -1.7976931348623157e308}"#
        #expect(try await emulator.post("createScalarBoundary", boundary).json?["data", "scalarBoundary_insert", "id"] == .string(Self.undashed))
        let bounds = try await emulator.get("GetScalarBoundary", ["id": Self.id])
        #expect(bounds.json?["data", "scalarBoundary", "maxNumber"] == .int(2147483647), "\(bounds.text)")
        #expect(bounds.json?["data", "scalarBoundary", "minNumber"] == .int(-2147483648))
        #expect(bounds.json?["data", "scalarBoundary", "maxDecimal"]?.number == 1.7976931348623157e308)
        let tooBig = try await emulator.post("createScalarBoundary", boundary.replacingOccurrences(of: "2147483647", with: "2147483648"))
        #expect(tooBig.status == 400, "\(tooBig.text)")

        // Int64 travels as a string both ways.
        let large = #"{"id": "\#(Self.id)", "num": "42", "maxNum": "9223372036854775807", "minNum": "-9223372036854775808"}"#
        #expect(try await emulator.post("createLargeNum", large).status == 200)
        let int64 = try await emulator.get("GetLargeNum", ["id": Self.id])
        #expect(int64.json?["data", "largeIntType", "maxNum"] == .string("9223372036854775807"), "\(int64.text)")
        #expect(int64.json?["data", "largeIntType", "minNum"] == .string("-9223372036854775808"))

        let date = try await emulator.post("createLocalDate", #"{"id": "\#(Self.id)", "localDate": "2024-02-29"}"#)
        #expect(date.status == 200, "\(date.text)")
        #expect(try await emulator.get("GetLocalDateType", ["id": Self.id]).json?["data", "localDateType", "localDate"] == .string("2024-02-29"))

        let props = #"{"name": "ä", "nested": {"list": [1, 2.5, null, true]}, "empty": []}"#
        #expect(try await emulator.post("createAnyValueType", #"{"id": "\#(Self.id)", "props": \#(props)}"#).status == 200)
        let any = try await emulator.get("GetAnyValueType", ["id": Self.id])
        // PostgreSQL keeps `Any` as jsonb, which orders an object's keys its own way (as Data Connect
        // returns them); SQLite keeps the text as sent.
        let stored = any.json?["data", "anyValueType", "props"].map(TestDatabase.inStoredKeyOrder)
        #expect(stored == TestDatabase.inStoredKeyOrder(try JSONParser.parse(Array(props.utf8))), "\(any.text)")
    }

    /// The inputs the server's prelude describes: UUIDs in any case as `urn:uuid:…` or `{…}`, and
    /// Dates given as timestamps (the part before "T" is kept, with no time-zone shift).
    @Test func uuidAndDateInputsInEveryAcceptedForm() async throws {
        let emulator = try await kitchenSink()
        defer { Task { await emulator.shutdown() } }
        let created = try await emulator.post("createLocalDate", #"{"id": "urn:uuid:\#(Self.id.uppercased())", "localDate": "2024-02-29T23:30:00-05:00"}"#)
        #expect(created.json?["data", "localDateType_insert", "id"] == .string(Self.undashed), "\(created.text)")
        for form in [Self.id, Self.undashed.uppercased(), "{\(Self.id)}", "URN:UUID:\(Self.id)"] {
            let read = try await emulator.get("GetLocalDateType", ["id": form])
            #expect(read.json?["data", "localDateType", "localDate"] == .string("2024-02-29"), "\(form): \(read.text)")
        }
        for bad in ["{\(Self.undashed)}", "urn:uuid:\(Self.undashed)", "\(Self.id)}", "2024-02-30T00:00:00Z", "2024-02-29T25:00:00Z", "2024-02-29Tnoon"] {
            let variables = bad.hasPrefix("2024") ? #"{"id": "\#(Self.id)", "localDate": "\#(bad)"}"# : #"{"id": "\#(bad)", "localDate": "2024-01-01"}"#
            #expect(try await emulator.post("createLocalDate", variables).status == 400, "\(bad)")
        }
    }

    @Test func upsertsGeneratedKeysAndPartialFailures() async throws {
        let emulator = try await kitchenSink()
        defer { Task { await emulator.shutdown() } }
        let auto = try await emulator.post("createTestAutoId")
        #expect(auto.json?["data", "testAutoId_insert", "id"]?.stringValue?.count == 32, "\(auto.text)")
        #expect(try await emulator.post("createTestId", #"{"id": "\#(Self.id)"}"#).json?["data", "testId_insert", "id"] == .string(Self.undashed))

        for (number, text) in [(1, "one"), (2, "two")] {
            let upsert = try await emulator.post("createStandardScalar", #"{"id": "\#(Self.id)", "number": \#(number), "text": "\#(text)", "decimal": 0.5}"#)
            #expect(upsert.status == 200, "\(upsert.text)")
        }
        let scalar = try await emulator.get("GetStandardScalar", ["id": Self.id])
        #expect(scalar.json?["data", "standardScalars", "number"] == .int(2), "\(scalar.text)")
        #expect(scalar.json?["data", "standardScalars", "text"] == .string("two"))
        #expect(try await emulator.count("standardScalarss") == 1)

        // The second insert reuses the key: it fails, the first stays (no @transaction).
        let people = try await emulator.post("InsertMultiplePeople", #"{"id": "\#(Self.id)", "name1": "Ann", "name2": "Bob"}"#)
        #expect(people.json?["errors", 0, "path"] == .array([.string("person2")]), "\(people.text)")
        #expect(people.json?["errors", 0, "extensions", "code"] == .string("ALREADY_EXISTS"))
        #expect(try await emulator.graphQL("query { persons { name } }").json?["data", "persons"]?.strings("name") == ["Ann"])

        let other = "22a7649b-8ff5-485b-afbf-2ea5f28894d0"
        let deleted = try await emulator.post("DeleteNonExistentPeople", #"{"id": "\#(other)"}"#)
        #expect(deleted.json?["data", "person1", "id"] == .string(other.replacingOccurrences(of: "-", with: "")), "\(deleted.text)")
        #expect(deleted.json?["data", "person2"] == .null)
        #expect(deleted.json?["errors"] == nil)
    }

    @Test func templateItemsUpsertAndList() async throws {
        let emulator = try await RealProject("examples/data-connect-ios-sdk-template").start()
        defer { Task { await emulator.shutdown() } }
        #expect(try await emulator.get("ListItems").json?["data", "items"] == .array([]))
        #expect(try await emulator.post("CreateItem", #"{"id": "\#(Self.id)", "name": "Lamp"}"#).status == 200)
        let renamed = try await emulator.post("CreateItem", #"{"id": "\#(Self.id)", "name": "Desk lamp", "desc": "LED"}"#)
        #expect(renamed.json?["data", "item_upsert", "id"] == .string(Self.undashed), "\(renamed.text)")
        let item = try await emulator.get("GetItem", ["id": Self.id])
        #expect(item.json?["data", "item"] == (try JSONParser.parse(Array(#"{"id": "\#(Self.undashed)", "name": "Desk lamp", "desc": "LED"}"#.utf8))), "\(item.text)")
        #expect(try await emulator.get("ListItems").json?["data", "items"]?.strings("name") == ["Desk lamp"])
        #expect(try await emulator.get("GetItem", ["id": "not-a-uuid"]).status == 400)
    }
}
