// Firebase Data Connect schemas: users write only `type Movie @table { ... }`; the service derives
// keys, inputs, queries, mutations and relations. sqlgen derives the same schema here, AST to AST,
// so that the ordinary schema builder and validator can check operations written for Data Connect.

import SQLGenLanguage
import SQLGenSchema

/// The Data Connect schema dialect.
public enum DataConnectDialect {
    /// Whether the documents are a Data Connect schema: some object type uses `@table` or `@view`.
    public static func isDataConnectSchema(_ documents: [Document]) -> Bool {
        documents.contains { document in
            document.definitions.contains { definition in
                switch definition {
                case .type(.object(let object)), .typeExtension(.object(let object)):
                    return object.directives.contains { $0.name.value == "table" || $0.name.value == "view" }
                default:
                    return false
                }
            }
        }
    }

    /// Expands the user's SDL documents into one complete SDL document: the prelude, the user's
    /// definitions (table types gain their implicit key and foreign-key fields, relation fields and
    /// aggregate fields), the derived input types, and the derived `Query` / `Mutation` fields.
    /// Problems in the user's schema (unknown `@ref` target, bad key field...) come back as errors
    /// pointing at the offending node; the document is still as complete as possible.
    public static func expand(_ documents: [Document]) -> SchemaExpansion {
        expand(documents, prelude: preludeDocument)
    }

    /// Expansion against a given prelude document (tests and alternative preludes).
    public static func expand(_ documents: [Document], prelude: Document) -> SchemaExpansion {
        DataConnectExpansion(documents: documents).result(prelude: prelude)
    }

    /// `expand` and the model of the same documents, from one analysis of their tables.
    public static func expandResolvingModel(_ documents: [Document]) -> (expansion: SchemaExpansion, model: DataConnectModel) {
        let expansion = DataConnectExpansion(documents: documents)
        let model = DataConnectModel(documents: documents, analysed: expansion.tables, relations: expansion.relations)
        return (expansion.result(prelude: preludeDocument), model)
    }
}

/// One expansion run: the analysed tables and their relations, then the derived definitions.
struct DataConnectExpansion {
    let analyzer: DataConnectAnalyzer
    let tables: [DataConnectTable]
    let relations: [String: [DataConnectRelation]]

    init(documents: [Document]) {
        analyzer = DataConnectAnalyzer(documents: documents)
        tables = analyzer.tables
        relations = Self.relations(of: analyzer.tables)
    }

    func result(prelude: Document) -> SchemaExpansion {
        var errors = analyzer.errors
        var queryFields: [FieldDefinition] = []
        var mutationFields: [FieldDefinition] = []
        var derived: [Definition] = []
        for table in tables {
            queryFields += self.queryFields(table)
            if !table.isView {
                mutationFields += self.mutationFields(table)
                derived.append(.type(.inputObject(keyInput(table))))
                derived.append(.type(.scalar(keyOutputScalar(table))))
                derived.append(.type(.inputObject(dataInput(table))))
            }
            derived.append(.type(.inputObject(filterInput(table))))
            derived.append(.type(.inputObject(listFilterInput(table))))
            derived.append(.type(.inputObject(orderInput(table))))
            derived.append(.type(.inputObject(firstRowInput(table))))
            derived.append(.type(.inputObject(havingInput(table))))
        }
        for enumName in analyzer.enumNames {
            derived += Self.enumFilters(enumName).map { .type(.inputObject($0)) }
        }

        // Relation and aggregate fields go into the table types themselves.
        let byName = Dictionary(tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var userDefinitions = analyzer.definitions
        for index in userDefinitions.indices {
            guard case .type(.object(var object)) = userDefinitions[index], let table = byName[object.name.value] else { continue }
            var names = Set(object.fields.map(\.name.value))
            let added = (relations[table.name] ?? []).map(relationField) + Self.aggregateFields(table)
            for field in added {
                if names.insert(field.name.value).inserted {
                    object.fields.append(field)
                } else {
                    errors.append(GraphQLError("Field \"\(table.name).\(field.name.value)\" conflicts with a field Data Connect derives for \"\(table.name)\".",
                                               ranges: [object.fields.first { $0.name.value == field.name.value }?.range ?? object.name.range]))
                }
            }
            userDefinitions[index] = .type(.object(object))
        }

        var definitions: [Definition] = []
        for definition in prelude.definitions {
            if case .type(.object(var object)) = definition, object.name.value == "Query" || object.name.value == "Mutation" {
                object.fields += object.name.value == "Query" ? queryFields : mutationFields
                definitions.append(.type(.object(object)))
            } else {
                definitions.append(definition)
            }
        }
        definitions += userDefinitions
        definitions += derived
        return SchemaExpansion(document: Document(definitions: definitions), errors: errors)
    }
}

extension DataConnectDialect {
    /// Expands the user's SDL and builds the schema from the result. The errors are the
    /// expansion's followed by the schema builder's.
    public static func buildSchema(_ documents: [Document], options: SchemaBuildOptions = SchemaBuildOptions()) -> SchemaBuildResult {
        expand(documents).buildSchema(options: options)
    }
}

extension DataConnectDialect {
    /// A secondary schema (a `dataconnect.yaml` `schemas[]` entry with an `httpGraphql` datasource)
    /// as Data Connect merges it into the expanded schema: its `type Query` and `type Mutation`
    /// add fields to the derived root types; its other types join as they are.
    public static func secondarySchema(_ document: Document) -> Document {
        var result = document
        result.definitions = document.definitions.map { definition in
            if case .type(.object(let object)) = definition, ["Query", "Mutation"].contains(object.name.value) {
                return .typeExtension(.object(object))
            }
            return definition
        }
        return result
    }
}
