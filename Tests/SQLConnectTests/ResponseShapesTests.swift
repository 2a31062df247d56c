import Foundation
import Testing
@testable import SQLConnect

/// Generated structs build `__shape` in a getter; the runtime must read it once per type, not once
/// per decoded object.
@Suite struct ResponseShapesTests {
    static let shapeReads = Locked([String: Int]())

    struct Page: ResponseRecordDecodable {
        static var __shape: ResponseShape {
            ResponseShapesTests.shapeReads.withLock { $0["Page", default: 0] += 1 }
            return ResponseShape("first:0 rows:[0] maybe:0?", [Row.self])
        }
        let __record: ResponseRecord
        init(__record: ResponseRecord) { self.__record = __record }
        var first: Row { __record[0] }
        var rows: [Row] { __record[1] }
        var maybe: Row? { __record[2] }
    }

    struct Row: ResponseRecordDecodable {
        static var __shape: ResponseShape {
            ResponseShapesTests.shapeReads.withLock { $0["Row", default: 0] += 1 }
            return ResponseShape("n:I", [])
        }
        let __record: ResponseRecord
        init(__record: ResponseRecord) { self.__record = __record }
        var n: Int { __record.int(0) }
    }

    @Test func eachTypesShapeIsBuiltOnceAcrossDecodes() throws {
        let json = Data(#"{"first":{"n":1},"rows":[{"n":2},{"n":3},{"n":4}],"maybe":{"n":5}}"#.utf8)
        for _ in 0..<3 {
            for page in [try WireDecoder.decode(Page.self, from: json), try JSONDecoder().decode(Page.self, from: json)] {
                #expect(page.first.n == 1)
                #expect(page.rows.map(\.n) == [2, 3, 4])
                #expect(page.maybe?.n == 5)
            }
        }
        #expect(Self.shapeReads.withLock { $0 } == ["Page": 1, "Row": 1])
    }
}
