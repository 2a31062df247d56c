// The 9 real persisted queries of AEM's `wknd-shared` configuration were written against a real
// AEM; they must validate unchanged against our expansion of the WKND models.

import Foundation
import Testing
import SQLGenAEM
import SQLGenLanguage
import SQLGenSchema

@Suite struct AEMPersistedQueryTests {
    @Test func wkndSchemaExpandsAndBuildsWithoutErrors() throws {
        let (_, errors) = try AEMFixtures.wkndSchema()
        #expect(errors.map(\.message) == [])
    }

    @Test func preludeParses() {
        #expect(AEMDialect.preludeParseError == nil)
    }

    @Test func everyPersistedQueryValidatesUnchanged() throws {
        let schema = try AEMFixtures.wkndSchema().schema
        let files = try AEMFixtures.files(in: "persisted-queries")
        #expect(files.count == 9)
        for (index, file) in files.enumerated() {
            // Three of them are anonymous: each file is its own document, as AEM stores them.
            let source = try AEMFixtures.source(file, id: 100 + index)
            let document = try Parser.parse(source)
            let errors = validate(schema: schema, documents: [document], rules: specifiedRules)
            #expect(errors.map(\.message) == [], "\(file.lastPathComponent)")
        }
    }

    @Test func aWrongFieldIsStillReported() throws {
        // Guards the test above against a schema that accepts anything.
        let schema = try AEMFixtures.wkndSchema().schema
        let document = try Parser.parse(Source("{ adventureList(filter: {price: {_expressions: [{value: 1, _operator: EQUALS}]}}) { items { title adventureTitle primaryImage { _path } } } }"))
        let messages = validate(schema: schema, documents: [document], rules: specifiedRules).map(\.message)
        #expect(messages.contains("Value \"EQUALS\" does not exist in \"FloatOperator\" enum. Did you mean the enum value \"EQUAL\"?") || messages.contains { $0.contains("EQUALS") })
        #expect(messages.contains { $0.contains("Cannot query field \"adventureTitle\" on type \"AdventureModel\"") })
        #expect(messages.contains { $0.contains("Cannot query field \"_path\" on type \"Reference\"") })
    }
}
