// The per-model part of AEM's schema: the model type with its system fields, the filter inputs,
// the result, connection and edge types, and the `QueryType` entry points.

import SQLGenLanguage

enum AEMDerived {
    /// The model's object type: `_path`, `_id`, `_variation`, the declared fields as written, then
    /// `_tags`, `_metadata`, `_variations`, `_model` (the 2022 order, with the newer fields added).
    static func modelType(_ object: ObjectTypeDefinition) -> ObjectTypeDefinition {
        var result = object
        let declared = object.fields.filter { !AEMModelReader.systemFieldNames.contains($0.name.value) }
        result.fields = [
            DCAST.field("_path", DCAST.named("ID"), description: "The fragment's repository path."),
            DCAST.field("_id", DCAST.named("ID"), description: "The fragment's UUID."),
            DCAST.field("_variation", DCAST.named("String"), description: "The variation served (`master` by default)."),
        ] + declared + [
            DCAST.field("_tags", DCAST.list(DCAST.named("String")), description: "The fragment's tag ids."),
            DCAST.field("_metadata", DCAST.named("TypedMetaData")),
            DCAST.field("_variations", DCAST.list(DCAST.named("String")), description: "The fragment's variations other than master."),
            DCAST.field("_model", DCAST.named("ModelInfo")),
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
            DCAST.input("_logOp", DCAST.named("LogOp"), default: DCAST.enumValue("AND")),
            DCAST.input("_path", DCAST.named("IDFilter")),
            DCAST.input("_id", DCAST.named("IDFilter")),
            DCAST.input("_variation", DCAST.named("StringFilter")),
        ]
        for field in model.fields {
            if let type = filterType(of: field) { fields.append(DCAST.input(field.name, DCAST.named(type))) }
        }
        fields.append(DCAST.input("_variations", DCAST.named("StringArrayFilter")))
        fields.append(DCAST.input("_tags", DCAST.named("StringArrayFilter")))
        let filter = InputObjectTypeDefinition(name: Name(model.filterTypeName), fields: fields)
        let arrayFilter = InputObjectTypeDefinition(name: Name(model.typeName + "ArrayFilter"), fields: [
            DCAST.input("_match", DCAST.named(model.filterTypeName)),
            DCAST.input("_apply", DCAST.named("ArrayMode")),
        ])
        return [filter, arrayFilter]
    }

    /// `<Model>Result { item _references }`, `<Model>Results { items _references }`,
    /// `<Model>Connection { edges pageInfo }` and `<Model>Edge { cursor node }`.
    static func resultTypes(_ model: AEMModel) -> [ObjectTypeDefinition] {
        let type = model.typeName
        let references = DCAST.field("_references", DCAST.list(DCAST.named("Reference")),
                                     description: "The fragments and assets that the result's multi-line text references.")
        return [
            ObjectTypeDefinition(name: Name(type + "Result"), fields: [
                DCAST.field("item", DCAST.nonNull(DCAST.named(type))), references,
            ]),
            ObjectTypeDefinition(name: Name(type + "Results"), fields: [
                DCAST.field("items", DCAST.nonNull(DCAST.list(DCAST.named(type)))), references,
            ]),
            ObjectTypeDefinition(name: Name(type + "Connection"), fields: [
                DCAST.field("edges", DCAST.nonNull(DCAST.list(DCAST.named(type + "Edge")))),
                DCAST.field("pageInfo", DCAST.nonNull(DCAST.named("PageInfo"))),
            ]),
            ObjectTypeDefinition(name: Name(type + "Edge"), fields: [
                DCAST.field("cursor", DCAST.nonNull(DCAST.named("String")), description: "An opaque cursor; pass it as `after` to continue after this node."),
                DCAST.field("node", DCAST.nonNull(DCAST.named(type))),
            ]),
        ]
    }

    private static var commonArguments: [InputValueDefinition] {
        [
            DCAST.input("variation", DCAST.named("String"), description: "The variation to return; master when absent or missing."),
            DCAST.input("_assetTransform", DCAST.named("AssetTransform"), description: "How `_dynamicUrl` renders the images in the result."),
        ]
    }

    private static var listArguments: [InputValueDefinition] {
        [
            DCAST.input("sort", DCAST.named("String"), description: "Fields to sort by, e.g. \"lastName DESC, firstName\" or \"authorFragment.lastName\"."),
            DCAST.input("_locale", DCAST.named("String")),
            DCAST.input("includeVariations", DCAST.named("Boolean"), description: "Returns every variation of each fragment."),
        ]
    }

    /// The model's entry points on `QueryType`: by path, by id, list and paginated.
    static func queryFields(_ model: AEMModel) -> (single: [FieldDefinition], multiple: [FieldDefinition]) {
        let type = model.typeName
        let filter = DCAST.input("filter", DCAST.named(model.filterTypeName))
        let byPath = DCAST.field(model.byPathField, DCAST.nonNull(DCAST.named(type + "Result")),
                                 arguments: [DCAST.input("_path", DCAST.nonNull(DCAST.named("String")))] + commonArguments,
                                 description: "Get a single `\(model.name)`, specified by its path and optional variation")
        let byId = DCAST.field(model.byIdField, DCAST.nonNull(DCAST.named(type + "Result")),
                               arguments: [DCAST.input("_id", DCAST.nonNull(DCAST.named("String")))] + commonArguments,
                               description: "Get a single `\(model.name)`, specified by its UUID and optional variation")
        let list = DCAST.field(model.listField, DCAST.nonNull(DCAST.named(type + "Results")),
                               arguments: [filter] + commonArguments + listArguments + [
                                   DCAST.input("offset", DCAST.named("Int")),
                                   DCAST.input("limit", DCAST.named("Int")),
                               ],
                               description: "Get multiple `\(model.name)` objects")
        let connection = Directive(name: Name("connection"), arguments: [Argument(name: Name("for"), value: DCAST.string(type))])
        let paginated = DCAST.field(model.paginatedField, DCAST.nonNull(DCAST.named(type + "Connection")),
                                    arguments: [
                                        DCAST.input("first", DCAST.named("Int"), description: "Page size (default 50, at most 100)."),
                                        DCAST.input("after", DCAST.named("String"), description: "The `cursor` of the last edge already seen."),
                                        filter,
                                    ] + commonArguments + listArguments,
                                    directives: [connection],
                                    description: "Get `\(model.name)` objects a page at a time")
        return ([byPath, byId], [list, paginated])
    }
}
