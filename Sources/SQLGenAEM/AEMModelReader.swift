// Reads the user's SDL: finds the `@model` types, classifies each field into an AEM data type, and
// reports declarations AEM could not have produced, each at the offending node.

import SQLGenLanguage
import SQLGenSchema

struct AEMModelReader {
    /// The models in declaration order, with the object type each came from.
    private(set) var models: [(model: AEMModel, definition: ObjectTypeDefinition)] = []
    private(set) var errors: [GraphQLError] = []
    /// Every definition of the documents, in order.
    private(set) var definitions: [Definition] = []
    /// The model type names in declaration order (`AllFragmentModels` references any of them).
    private var allModelNames: [String] = []

    /// The names AEM reserves for a model's system fields.
    static let systemFieldNames: Set<String> = ["_path", "_id", "_variation", "_variations", "_metadata", "_model", "_tags"]

    init(documents: [Document]) {
        var modelObjects: [ObjectTypeDefinition] = []
        var seen: Set<String> = []
        for document in documents {
            for definition in document.definitions {
                definitions.append(definition)
                switch definition {
                case .type(.object(let object)):
                    guard object.directives.contains(where: { $0.name.value == "model" }) else { continue }
                    // A second type of the same name: the schema builder reports it; read the first only.
                    if seen.insert(object.name.value).inserted { modelObjects.append(object) }
                case .typeExtension(.object(let object)) where object.directives.contains { $0.name.value == "model" }:
                    errors.append(GraphQLError("Declare content fragment model \"\(object.name.value)\" with \"type\", not \"extend type\".", ranges: [object.name.range]))
                default:
                    break
                }
            }
        }
        allModelNames = modelObjects.map(\.name.value)
        let modelNames = Set(allModelNames)
        for object in modelObjects {
            models.append((read(object, modelNames: modelNames), object))
        }
    }

    private mutating func read(_ object: ObjectTypeDefinition, modelNames: Set<String>) -> AEMModel {
        let typeName = object.name.value
        var name = typeName
        if typeName.hasSuffix("Model"), typeName.count > 5 {
            name = String(typeName.dropLast(5))
        } else {
            errors.append(GraphQLError("Content fragment model type \"\(typeName)\" must be named \"<Name>Model\", as AEM names model types (e.g. \"AdventureModel\").", ranges: [object.name.range]))
        }
        name = SyntheticSDL.lowerFirst(name)
        if !object.interfaces.isEmpty {
            errors.append(GraphQLError("Content fragment model \"\(typeName)\" cannot implement interfaces.", ranges: [object.interfaces[0].range]))
        }
        let directive = object.directives.first { $0.name.value == "model" }
        let path = directive.flatMap { stringArgument($0, "path") }
        if let path, !path.hasPrefix("/") {
            errors.append(GraphQLError("Argument \"path\" of @model must be an absolute configuration path such as \"/conf/wknd-shared/settings/dam/cfm/models/adventure\".", ranges: [directive?.argument("path")?.range ?? object.name.range]))
        }
        let title = directive.flatMap { stringArgument($0, "title") } ?? SyntheticSDL.upperFirst(name)

        var fields: [AEMField] = []
        var names: Set<String> = []
        for field in object.fields {
            let fieldName = field.name.value
            guard names.insert(fieldName).inserted else { continue }  // the schema builder reports duplicates
            if fieldName.hasPrefix("_") {
                let what = Self.systemFieldNames.contains(fieldName) ? "is a system field that AEM adds to every model" : "starts with \"_\", which AEM reserves for system fields"
                errors.append(GraphQLError("Field \"\(typeName).\(fieldName)\" \(what).", ranges: [field.name.range]))
                continue
            }
            if let argument = field.arguments.first {
                errors.append(GraphQLError("Field \"\(typeName).\(fieldName)\" of a content fragment model cannot have arguments.", ranges: [argument.range]))
            }
            if let kind = classify(field, typeName: typeName, modelNames: modelNames) {
                fields.append(AEMField(name: fieldName, kind: kind.kind, isMultiple: kind.isMultiple))
            }
        }
        return AEMModel(typeName: typeName, name: name, path: path, title: title, fields: fields)
    }

    /// The AEM data type a field declares, or nil (with an error) if none fits.
    private mutating func classify(_ field: FieldDefinition, typeName: String, modelNames: Set<String>) -> (kind: AEMFieldKind, isMultiple: Bool)? {
        let label = "\(typeName).\(field.name.value)"
        var type = field.type
        if case .nonNull(let inner, _) = type { type = inner }
        var isMultiple = false
        if case .list(let element, _) = type {
            isMultiple = true
            type = element
            if case .nonNull(let inner, _) = type { type = inner }
            if case .list = type {
                errors.append(GraphQLError("Field \"\(label)\" is a list of lists; AEM fields hold one value or a list of values.", ranges: [field.type.range]))
                return nil
            }
        }
        let named = type.namedType.name.value
        let enumeration = field.directives.first { $0.name.value == "enumeration" }
        let tags = field.directives.first { $0.name.value == "tags" }
        if let directive = enumeration ?? tags, named != "String" {
            errors.append(GraphQLError("@\(directive.name.value) applies to String fields, but \"\(label)\" has type \"\(named)\".", ranges: [directive.range]))
            return nil
        }
        if enumeration != nil, let tags {
            errors.append(GraphQLError("Field \"\(label)\" cannot be both an @enumeration and @tags.", ranges: [tags.range]))
            return nil
        }
        if let tags, !isMultiple {
            errors.append(GraphQLError("A tags field holds several tags: declare \"\(label)\" as [String] @tags.", ranges: [tags.range]))
            return nil
        }
        let kind: AEMFieldKind
        switch named {
        case "String":
            if let enumeration {
                kind = .enumeration(values: enumerationValues(enumeration))
            } else {
                kind = tags == nil ? .singleLineText : .tags
            }
        case "MultiFormatString": kind = .multiLineText
        case "Int": kind = .integer
        case "Float": kind = .float
        case "Boolean": kind = .boolean
        case "Calendar": kind = .dateTime
        case "Date": kind = .date
        case "Time": kind = .time
        case "Json": kind = .json
        case "Reference": kind = .contentReference
        case "AllFragmentModels": kind = .fragmentReference(models: allModelNames)
        default:
            guard modelNames.contains(named) else {
                errors.append(GraphQLError("Field \"\(label)\" has type \"\(named)\", which is not a content fragment data type: use String, MultiFormatString, Int, Float, Boolean, Calendar, Date, Time, Json, Reference, AllFragmentModels or a @model type.", ranges: [type.range]))
                return nil
            }
            kind = .fragmentReference(models: [named])
        }
        return (kind, isMultiple)
    }

    private mutating func enumerationValues(_ directive: Directive) -> [String] {
        guard let value = directive.argument("values") else {
            errors.append(GraphQLError("@enumeration needs its values: @enumeration(values: [\"...\"]).", ranges: [directive.range]))
            return []
        }
        var values: [String] = []
        let items: [Value]
        if case .list(let list, _) = value { items = list } else { items = [value] }
        for item in items {
            guard case .string(let string) = item else {
                errors.append(GraphQLError("@enumeration values must be strings.", ranges: [item.range]))
                continue
            }
            values.append(string.value)
        }
        return values
    }

    private mutating func stringArgument(_ directive: Directive, _ name: String) -> String? {
        guard let value = directive.argument(name) else { return nil }
        if case .string(let string) = value { return string.value }
        errors.append(GraphQLError("Argument \"\(name)\" of @\(directive.name.value) must be a String.", ranges: [value.range]))
        return nil
    }
}
