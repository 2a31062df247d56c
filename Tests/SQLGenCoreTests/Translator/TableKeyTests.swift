import Testing
import SQLGenDataConnect
import SQLGenLanguage
import SQLGenSchema
@testable import SQLGenCore

/// Keys come from the Data Connect model: a reference in a key stands for all of its foreign-key
/// columns, named as the service names them (`edition` of a two-column key → `editionBookId`,
/// `editionNumber`), not for one `<field>Id` column.
@Suite struct TableKeyTests {
    static let sdl = """
    type Book @table { title: String! }
    type Edition @table(key: ["book", "number"]) { book: Book! number: Int! }
    type Copy @table(plural: "copies", key: ["edition", "serial"]) { edition: Edition! serial: String! }
    """

    static func build(_ operations: String, sdl: String = sdl) throws -> ConnectorIR {
        let documents = [try Parser.parse(Source(sdl, name: "schema.gql"))]
        let built = DataConnectDialect.buildSchema(documents)
        #expect(built.errors.isEmpty, "\(built.errors)")
        let validated = try ValidatedOperations.validate(parsing: [Source(operations, name: "ops.gql", id: SourceID(1))], schema: built.schema,
                                                         rules: DataConnectDialect.operationRules)
        return IRBuilder(schema: built.schema, tables: DataConnectModel(documents: documents))
            .build(IRBuilder.ConnectorInfo(connectorID: "library", packageName: "LibrarySDK"), operations: validated)
    }

    @Test func aReferenceInAKeyStandsForEveryForeignKeyColumn() throws {
        let ir = try Self.build("query copies { copies { editionBookId editionNumber serial } }")
        let copy = try #require(ir.keys.first { $0.table == "Copy" })
        #expect(copy.fieldNames == ["editionBookId", "editionNumber", "serial"])
        #expect(ir.keys.first { $0.table == "Edition" }?.fieldNames == ["bookId", "number"])
        guard case .list(.selection(let result))? = ir.operations.first?.data.fields.first?.type else {
            Issue.record("copies is not a list of selections")
            return
        }
        #expect(result.key?.keyFields == ["editionBookId", "editionNumber", "serial"])
    }

    @Test func aSelectionWithoutEveryKeyColumnIsNotIdentifiable() throws {
        let ir = try Self.build("query copies { copies { editionNumber serial } }")
        guard case .list(.selection(let result))? = ir.operations.first?.data.fields.first?.type else {
            Issue.record("copies is not a list of selections")
            return
        }
        #expect(result.key == nil)
    }

    /// A deprecated key field: the key property reads the record, since the field's deprecated
    /// getter would warn inside the generated package (which CI builds with warnings as errors).
    @Test func aDeprecatedKeyFieldIsReadFromTheRecord() throws {
        let ir = try Self.build("query books { books { isbn title } }", sdl: "type Book @table(key: \"isbn\") { isbn: String! @deprecated(reason: \"old\") title: String }")
        let file = SDKTranslator(connector: ir).files().first { $0.path == "Sources/Operations/Operations.swift" }?.contents ?? ""
        #expect(file.contains("public var bookKey: BookKey { BookKey(isbn: self.__record.string(0)) }"), "\(file)")
        #expect(file.contains("@available(*, deprecated, message: \"old\") public var isbn: String"))
    }
}
