// Every example project's schema expands without errors into a self-contained document.

import Testing
import SQLGenLanguage
import SQLGenSchema

@Suite struct DataConnectExampleSchemaTests {
    /// Projects with a `schema/` folder whose schema has tables (codelab-dataconnect-web is a TODO-only start state).
    static let projects = [
        "codelab-dataconnect-ios", "data-connect-ios-sdk-friendlyflix", "data-connect-ios-sdk-kitchensink", "data-connect-ios-sdk-template",
        "quickstart-android", "quickstart-js", "quickstart-js-2024-generated",
    ]

    @Test(arguments: projects) func expandsWithoutErrors(project: String) throws {
        let schema = try DataConnectFixtures.schema(of: project)
        #expect(DataConnectDialect.isDataConnectSchema(schema))
        let expansion = DataConnectDialect.expand(schema)
        #expect(expansion.errors.map(\.message) == [])
        #expect(Self.problems(expansion.document) == [])
    }

    @Test func preludeParsesAndIsSelfContained() throws {
        let prelude = try Parser.parse(Source(DataConnectDialect.preludeSDL, name: "prelude"))
        #expect(prelude.definitions.count == DataConnectDialect.preludeDocument.definitions.count)
        #expect(Self.problems(prelude) == [])
    }

    @Test func emptyInputYieldsThePreludeOnly() {
        let expansion = DataConnectDialect.expand([])
        #expect(expansion.errors.isEmpty)
        #expect(expansion.document.definitions.count == DataConnectDialect.preludeDocument.definitions.count)
    }

    /// Duplicate type or directive definitions, and named types used but never defined.
    static func problems(_ document: Document) -> [String] {
        var defined: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
        var directives: Set<String> = ["skip", "include", "deprecated", "specifiedBy", "oneOf"]
        var used: [String] = []
        var problems: [String] = []
        func use(_ type: TypeReference) { used.append(type.namedType.name.value) }
        func useDirectives(_ list: [Directive]) { used += list.map { "@" + $0.name.value } }
        for definition in document.definitions {
            switch definition {
            case .type(let type):
                if !defined.insert(type.name.value).inserted { problems.append("duplicate type \(type.name.value)") }
                useDirectives(type.directives)
                switch type {
                case .object(let object), .interface(let object):
                    for field in object.fields {
                        use(field.type)
                        field.arguments.forEach { use($0.type) }
                        useDirectives(field.directives)
                    }
                case .inputObject(let input):
                    input.fields.forEach { use($0.type); useDirectives($0.directives) }
                default:
                    break
                }
            case .directive(let directive):
                if !directives.insert(directive.name.value).inserted { problems.append("duplicate directive @\(directive.name.value)") }
                directive.arguments.forEach { use($0.type) }
            default:
                break
            }
        }
        for name in used where name.hasPrefix("@") ? !directives.contains(String(name.dropFirst())) : !defined.contains(name) {
            problems.append("undefined \(name)")
        }
        return Array(Set(problems)).sorted()
    }
}
