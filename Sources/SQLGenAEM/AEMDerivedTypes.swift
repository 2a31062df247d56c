// The per-model part of AEM's schema: the model type with its system fields, the filter inputs,
// the result, connection and edge types, and the `QueryType` entry points.

import SQLGenLanguage
import SQLGenSchema

enum AEMDerived {
    /// The model's object type: `_path`, `_id`, `_variation`, the declared fields as written, then
    /// `_tags`, `_metadata`, `_variations`, `_model` (the 2022 order, with the newer fields added).
    static func modelType(_ object: ObjectTypeDefinition) -> ObjectTypeDefinition {
        var result = object
        let declared = object.fields.filter { !AEMModelReader.systemFieldNames.contains($0.name.value) }
        result.fields = [
            SyntheticSDL.field("_path", SyntheticSDL.named("ID"), description: "The fragment's repository path."),
            SyntheticSDL.field("_id", SyntheticSDL.named("ID"), description: "The fragment's UUID."),
            SyntheticSDL.field("_variation", SyntheticSDL.named("String"), description: "The variation served (`master` by default)."),
        ] + declared + [
            SyntheticSDL.field("_tags", SyntheticSDL.list(SyntheticSDL.named("String")), description: "The fragment's tag ids."),
            SyntheticSDL.field("_metadata", SyntheticSDL.named("TypedMetaData")),
            SyntheticSDL.field("_variations", SyntheticSDL.list(SyntheticSDL.named("String")), description: "The fragment's variations other than master."),
            SyntheticSDL.field("_model", SyntheticSDL.named("ModelInfo")),
        ]
        return result
    }

    /// The filter input type for a field, or nil when AEM cannot filter on it (references, JSON,
    /// fragment references to several models).
    static func filterType(of field: AEMField) -> String? {
        let suffix = field.isMultiple ? "ArrayFilter" : "Filter"
        switch field.kind {
        case .singleLineText, .enumeration, .tags: return "String" + suffix
        case .multiLineText: return "MultiFormatString" + suffix
        case .integer: return "Int" + suffix
        case .float: return "Float" + suffix
        case .boolean: return "Boolean" + suffix
        case .dateTime: return "Calendar" + suffix
        case .date: return "Date" + suffix
        case .time: return "Time" + suffix
        case .json, .contentReference: return nil
        case .fragmentReference(let models): return models.count == 1 ? models[0] + suffix : nil
        }
    }

    /// `<Model>Filter` and `<Model>ArrayFilter`.
    static func filterInputs(_ model: AEMModel) -> [InputObjectTypeDefinition] {
        var fields = [
            SyntheticSDL.input("_logOp", SyntheticSDL.named("LogOp"), default: SyntheticSDL.enumValue("AND")),
            SyntheticSDL.input("_path", SyntheticSDL.named("IDFilter")),
            SyntheticSDL.input("_id", SyntheticSDL.named("IDFilter")),
            SyntheticSDL.input("_variation", SyntheticSDL.named("StringFilter")),
        ]
        for field in model.fields {
            if let type = filterType(of: field) { fields.append(SyntheticSDL.input(field.name, SyntheticSDL.named(type))) }
        }
        fields.append(SyntheticSDL.input("_variations", SyntheticSDL.named("StringArrayFilter")))
        fields.append(SyntheticSDL.input("_tags", SyntheticSDL.named("StringArrayFilter")))
        let filter = InputObjectTypeDefinition(name: Name(model.filterTypeName), fields: fields)
        let arrayFilter = InputObjectTypeDefinition(name: Name(model.typeName + "ArrayFilter"), fields: [
            SyntheticSDL.input("_match", SyntheticSDL.named(model.filterTypeName)),
            SyntheticSDL.input("_apply", SyntheticSDL.named("ArrayMode")),
        ])
        return [filter, arrayFilter]
    }

    /// `<Model>Result { item _references }`, `<Model>Results { items _references }`,
    /// `<Model>Connection { edges pageInfo }` and `<Model>Edge { cursor node }`.
    static func resultTypes(_ model: AEMModel) -> [ObjectTypeDefinition] {
        let type = model.typeName
        let references = SyntheticSDL.field("_references", SyntheticSDL.list(SyntheticSDL.named("Reference")),
                                     description: "The fragments and assets that the result's multi-line text references.")
        return [
            ObjectTypeDefinition(name: Name(type + "Result"), fields: [
                SyntheticSDL.field("item", SyntheticSDL.nonNull(SyntheticSDL.named(type))), references,
            ]),
            ObjectTypeDefinition(name: Name(type + "Results"), fields: [
                SyntheticSDL.field("items", SyntheticSDL.nonNull(SyntheticSDL.list(SyntheticSDL.named(type)))), references,
            ]),
            ObjectTypeDefinition(name: Name(type + "Connection"), fields: [
                SyntheticSDL.field("edges", SyntheticSDL.nonNull(SyntheticSDL.list(SyntheticSDL.named(type + "Edge")))),
                SyntheticSDL.field("pageInfo", SyntheticSDL.nonNull(SyntheticSDL.named("PageInfo"))),
            ]),
            ObjectTypeDefinition(name: Name(type + "Edge"), fields: [
                SyntheticSDL.field("cursor", SyntheticSDL.nonNull(SyntheticSDL.named("String")), description: "An opaque cursor; pass it as `after` to continue after this node."),
                SyntheticSDL.field("node", SyntheticSDL.nonNull(SyntheticSDL.named(type))),
            ]),
        ]
    }

    private static var commonArguments: [InputValueDefinition] {
        [
            SyntheticSDL.input("variation", SyntheticSDL.named("String"), description: "The variation to return; master when absent or missing."),
            SyntheticSDL.input("_assetTransform", SyntheticSDL.named("AssetTransform"), description: "How `_dynamicUrl` renders the images in the result."),
        ]
    }

    private static var listArguments: [InputValueDefinition] {
        [
            SyntheticSDL.input("sort", SyntheticSDL.named("String"), description: "Fields to sort by, e.g. \"lastName DESC, firstName\" or \"authorFragment.lastName\"."),
            SyntheticSDL.input("_locale", SyntheticSDL.named("String")),
            SyntheticSDL.input("includeVariations", SyntheticSDL.named("Boolean"), description: "Returns every variation of each fragment."),
        ]
    }

    /// The model's entry points on `QueryType`: by path, by id, list and paginated.
    static func queryFields(_ model: AEMModel) -> (single: [FieldDefinition], multiple: [FieldDefinition]) {
        let type = model.typeName
        let filter = SyntheticSDL.input("filter", SyntheticSDL.named(model.filterTypeName))
        let byPath = SyntheticSDL.field(model.byPathField, SyntheticSDL.nonNull(SyntheticSDL.named(type + "Result")),
                                 arguments: [SyntheticSDL.input("_path", SyntheticSDL.nonNull(SyntheticSDL.named("String")))] + commonArguments,
                                 description: "Get a single `\(model.name)`, specified by its path and optional variation")
        let byId = SyntheticSDL.field(model.byIdField, SyntheticSDL.nonNull(SyntheticSDL.named(type + "Result")),
                               arguments: [SyntheticSDL.input("_id", SyntheticSDL.nonNull(SyntheticSDL.named("String")))] + commonArguments,
                               description: "Get a single `\(model.name)`, specified by its UUID and optional variation")
        let list = SyntheticSDL.field(model.listField, SyntheticSDL.nonNull(SyntheticSDL.named(type + "Results")),
                               arguments: [filter] + commonArguments + listArguments + [
                                   SyntheticSDL.input("offset", SyntheticSDL.named("Int")),
                                   SyntheticSDL.input("limit", SyntheticSDL.named("Int")),
                               ],
                               description: "Get multiple `\(model.name)` objects")
        let connection = Directive(name: Name("connection"), arguments: [Argument(name: Name("for"), value: SyntheticSDL.string(type))])
        let paginated = SyntheticSDL.field(model.paginatedField, SyntheticSDL.nonNull(SyntheticSDL.named(type + "Connection")),
                                    arguments: [
                                        SyntheticSDL.input("first", SyntheticSDL.named("Int"), description: "Page size (default 50, at most 100)."),
                                        SyntheticSDL.input("after", SyntheticSDL.named("String"), description: "The `cursor` of the last edge already seen."),
                                        filter,
                                    ] + commonArguments + listArguments,
                                    directives: [connection],
                                    description: "Get `\(model.name)` objects a page at a time")
        return ([byPath, byId], [list, paginated])
    }
}
