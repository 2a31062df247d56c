// Adobe Experience Manager (AEM) headless schemas: authors declare content fragment models, AEM
// derives the GraphQL schema (entry points, filters, results, references). sqlgen derives the same
// schema here, AST to AST, so that the ordinary schema builder and validator can check persisted
// queries written for AEM.

import SQLGenLanguage
import SQLGenSchema

/// The AEM content fragment schema dialect.
///
/// Declare each content fragment model as an object type named `<Name>Model` with `@model`, and
/// write each field with the GraphQL type AEM serves for its data type:
///
/// ```graphql
/// type AdventureModel @model(path: "/conf/wknd-shared/settings/dam/cfm/models/adventure", title: "Adventure") {
///   title: String                          # single-line text
///   description: MultiFormatString         # multi-line text (html, markdown, plaintext, json)
///   activity: String @enumeration(values: ["Camping", "Surfing"])   # enumeration
///   keywords: [String] @tags               # tags
///   groupSize: Int                         # number (integer)
///   price: Float                           # number (decimal)
///   featured: Boolean                      # boolean
///   startsAt: Calendar                     # date and time (also Date, Time)
///   settings: Json                         # JSON object
///   primaryImage: Reference                # content reference (ImageRef, DocumentRef, PageRef...)
///   gallery: [Reference]                   # several content references
///   author: AuthorModel                    # fragment reference to one model
///   related: [AllFragmentModels]           # fragment references to any model
/// }
/// ```
///
/// - A list type (`[String]`) is a multi-valued field. Field names may not start with `_`.
/// - AEM's system fields are added to every model: `_path: ID`, `_id: ID`, `_variation: String`,
///   `_tags: [String]`, `_metadata: TypedMetaData`, `_variations: [String]`, `_model: ModelInfo`.
/// - For each model `XModel` (name `x`), `QueryType` gets `xByPath(_path:, variation:, _assetTransform:)`
///   and `xById(_id:, ...)` → `XModelResult { item _references }`; `xList(filter:, variation:,
///   _assetTransform:, sort:, _locale:, includeVariations:, offset:, limit:)` → `XModelResults { items
///   _references }`; `xPaginated(first:, after:, filter:, ..., sort:)` → `XModelConnection { edges
///   { cursor node } pageInfo }`. Filters are `XModelFilter` (per field `StringFilter`,
///   `FloatFilter`, ..., nested `YModelFilter` for fragment references, `...ArrayFilter` for lists).
/// - `union Reference` holds the asset and page references and every model; `union
///   AllFragmentModels` every model.
public enum AEMDialect {
    /// Whether the documents are an AEM schema: some object type uses `@model`.
    public static func isAEMSchema(_ documents: [Document]) -> Bool {
        documents.contains { document in
            document.definitions.contains { definition in
                switch definition {
                case .type(.object(let object)), .typeExtension(.object(let object)):
                    return object.directives.contains { $0.name.value == "model" }
                default:
                    return false
                }
            }
        }
    }

    /// The content fragment models the documents declare, and the errors in their declarations.
    public static func models(in documents: [Document]) -> (models: [AEMModel], errors: [GraphQLError]) {
        let reader = AEMModelReader(documents: documents)
        return (reader.models.map(\.model), reader.errors)
    }

    /// Expands the user's model declarations into one complete SDL document: the prelude, the
    /// user's definitions (model types gain their system fields), and the derived filter, result,
    /// connection and union types and `QueryType`. Problems in the declarations come back as errors
    /// pointing at the offending node; the document is still as complete as possible.
    public static func expand(_ documents: [Document]) -> SchemaExpansion {
        let reader = AEMModelReader(documents: documents)
        var errors = reader.errors
        if let preludeParseError { errors.append(preludeParseError) }
        let models = reader.models.map(\.model)
        let modelNames = Set(models.map(\.typeName))

        var definitions = preludeDocument.definitions
        for definition in reader.definitions {
            if case .type(.object(let object)) = definition, modelNames.contains(object.name.value) {
                definitions.append(.type(.object(AEMDerived.modelType(object))))
            } else {
                definitions.append(definition)
            }
        }
        var singleFields: [FieldDefinition] = []
        var multipleFields: [FieldDefinition] = []
        for model in models {
            definitions += AEMDerived.filterInputs(model).map { .type(.inputObject($0)) }
            definitions += AEMDerived.resultTypes(model).map { .type(.object($0)) }
            let fields = AEMDerived.queryFields(model)
            singleFields += fields.single
            multipleFields += fields.multiple
        }
        let modelTypes = models.map { NamedType(name: Name($0.typeName)) }
        let assetTypes = ["PageRef", "ImageRef", "MultimediaRef", "ArchiveRef", "DocumentRef"].map { NamedType(name: Name($0)) }
        definitions.append(.type(.union(UnionTypeDefinition(
            description: StringValue("Anything a content reference or multi-line text can point to."),
            name: Name("Reference"), types: assetTypes + modelTypes))))
        if !modelTypes.isEmpty {
            definitions.append(.type(.union(UnionTypeDefinition(
                description: StringValue("Any content fragment model."), name: Name("AllFragmentModels"), types: modelTypes))))
        }
        definitions.append(.type(.object(ObjectTypeDefinition(name: Name("QueryType"), fields: singleFields + multipleFields))))
        return SchemaExpansion(document: Document(definitions: definitions), errors: errors)
    }

    /// Expands the user's SDL and builds the schema from the result. The errors are the
    /// expansion's followed by the schema builder's.
    public static func buildSchema(_ documents: [Document], options: SchemaBuildOptions = SchemaBuildOptions()) -> SchemaBuildResult {
        expand(documents).buildSchema(options: options)
    }
}

