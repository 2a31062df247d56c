// Field resolution: the entry points on `QueryType` and the fields of fragments; other objects
// carry their fields precomputed.

import SQLGenAEM
import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

extension AEMExecutor {
    func resolve(_ field: Field, definition: GraphQLField, on parent: AEMParent, path: [JSONValue]) -> Result<AEMResolved, FieldFailure> {
        switch parent {
        case .root, .introspection:
            let arguments: [String: JSONValue]
            switch self.arguments(field, definition: definition) {
            case .success(let values): arguments = values
            case .failure(let failure): return .failure(failure)
            }
            let name = field.name.value
            if case .root = parent, !name.hasPrefix("__") { return resolveRoot(name, arguments: arguments) }
            return resolveIntrospection(name, arguments: arguments, on: parent)
        case .fragment(let fragment):
            return .success(resolveFragmentField(field.name.value, of: fragment))
        case .object(let object):
            return .success(object.fields[field.name.value] ?? .null)
        }
    }

    // MARK: Entry points

    private func model(forRootField name: String) -> (AEMModel, String)? {
        for model in models.values {
            for suffix in ["List", "ByPath", "ById", "Paginated"] where name == model.name + suffix { return (model, suffix) }
        }
        return nil
    }

    private func resolveRoot(_ name: String, arguments: [String: JSONValue]) -> Result<AEMResolved, FieldFailure> {
        guard let (model, kind) = model(forRootField: name) else { return .success(.null) }
        transform = arguments["_assetTransform"].flatMap { $0.isNull ? nil : $0 }
        switch kind {
        case "ByPath", "ById":
            return single(model, byPath: kind == "ByPath", arguments: arguments, name: name)
        case "List":
            return select(model, arguments: arguments, name: name).map { list(model, of: $0, arguments: arguments) }
        default:
            return select(model, arguments: arguments, name: name).flatMap { paginated(model, of: $0, arguments: arguments, name: name) }
        }
    }

    /// `<model>ByPath` / `<model>ById`: one fragment, or AEM's error when there is none.
    private func single(_ model: AEMModel, byPath: Bool, arguments: [String: JSONValue], name: String) -> Result<AEMResolved, FieldFailure> {
        let wanted = arguments[byPath ? "_path" : "_id"]?.stringValue ?? ""
        let found = byPath
            ? fragment(at: wanted).flatMap { $0.typeName == model.typeName ? $0 : nil }
            : fragments(ofType: model.typeName).first { $0.id == wanted }
        guard let found else {
            return .failure(FieldFailure("Exception while fetching data (/\(name)) : \(byPath ? "Path" : "Id"): '\(wanted)' did not yield a Content Fragment",
                                         code: "DataFetchingException"))
        }
        return .success(.object(.object(AEMObject(typeName: model.typeName + "Result", fields: [
            "item": .object(.fragment(found)),
            "_references": references(of: [found]),
        ]))))
    }

    /// `<model>List`: `offset` and `limit` over the selected fragments.
    private func list(_ model: AEMModel, of selected: [AEMFragment], arguments: [String: JSONValue]) -> AEMResolved {
        let offset = max(0, arguments["offset"].flatMap(Self.int) ?? 0)
        var page = Array(selected.dropFirst(offset))
        if let limit = arguments["limit"].flatMap(Self.int) { page = Array(page.prefix(max(0, limit))) }
        return .object(.object(AEMObject(typeName: model.typeName + "Results", fields: [
            "items": .list(page.map { .object(.fragment($0)) }),
            "_references": references(of: page),
        ])))
    }

    /// `<model>Paginated`: a Relay connection, `first` (0 to 100) after a cursor.
    private func paginated(_ model: AEMModel, of selected: [AEMFragment], arguments: [String: JSONValue], name: String) -> Result<AEMResolved, FieldFailure> {
        let first = arguments["first"].flatMap(Self.int) ?? 50
        guard first >= 0, first <= 100 else {
            return .failure(FieldFailure("Exception while fetching data (/\(name)) : 'first' must be between 0 and 100, found \(first)", code: "DataFetchingException"))
        }
        var start = 0
        if let after = arguments["after"]?.stringValue {
            guard let position = Self.cursorPosition(after, in: selected) else {
                return .failure(FieldFailure("Exception while fetching data (/\(name)) : Invalid cursor: '\(after)'", code: "DataFetchingException"))
            }
            start = position + 1
        }
        let page = Array(selected.dropFirst(start).prefix(first))
        let edges: [AEMResolved] = page.map { fragment in
            .object(.object(AEMObject(typeName: model.typeName + "Edge", fields: [
                "cursor": .leaf(.string(Self.cursor(for: fragment))),
                "node": .object(.fragment(fragment)),
            ])))
        }
        let pageInfo = AEMObject(typeName: "PageInfo", leaves: [
            "startCursor": page.first.map { .string(Self.cursor(for: $0)) } ?? .null,
            "endCursor": page.last.map { .string(Self.cursor(for: $0)) } ?? .null,
            "hasNextPage": .bool(start + page.count < selected.count),
            "hasPreviousPage": .bool(start > 0),
        ])
        return .success(.object(.object(AEMObject(typeName: model.typeName + "Connection", fields: [
            "edges": .list(edges), "pageInfo": .object(.object(pageInfo)),
        ]))))
    }

    /// The model's fragments that pass `filter`, in `sort` order (path order without one).
    private func select(_ model: AEMModel, arguments: [String: JSONValue], name: String) -> Result<[AEMFragment], FieldFailure> {
        var selected = fragments(ofType: model.typeName)
        if let filter = arguments["filter"], !filter.isNull {
            let evaluator = AEMFilter(models: models, fragmentAt: { self.fragment(at: $0) })
            selected = selected.filter { evaluator.matches($0, filter: filter) }
        }
        if let sort = arguments["sort"]?.stringValue, !sort.trimmingWhitespace().isEmpty {
            switch AEMSortKey.parse(sort) {
            case .success(let keys):
                for key in keys where !isSortable(key.path, in: model) {
                    return .failure(FieldFailure("Exception while fetching data (/\(name)) : Cannot sort by '\(key.path.joined(separator: "."))': no such field of \(model.typeName)", code: "DataFetchingException"))
                }
                selected = AEMSort.sort(selected, by: keys) { self.sortValue($0, path: $1[...]) }
            case .failure(let error):
                return .failure(FieldFailure("Exception while fetching data (/\(name)) : Invalid sort expression '\(error.part)': expected '<field>[.<field>] [ASC|DESC]'", code: "DataFetchingException"))
            }
        }
        return .success(selected)
    }

    private func isSortable(_ path: [String], in model: AEMModel) -> Bool {
        guard let head = path.first else { return false }
        if path.count == 1, ["_path", "_id", "_variation"].contains(head) { return true }
        guard let field = model.fields.first(where: { $0.name == head }) else { return false }
        if case .fragmentReference(let targets) = field.kind {
            guard path.count > 1, let target = targets.first.flatMap({ models[$0] }) else { return false }
            return isSortable(Array(path.dropFirst()), in: target)
        }
        return path.count == 1
    }

    private func sortValue(_ fragment: AEMFragment, path: ArraySlice<String>) -> JSONValue {
        guard let head = path.first else { return .null }
        switch head {
        case "_path": return .string(fragment.path)
        case "_id": return .string(fragment.id)
        case "_variation": return .string("master")
        default: break
        }
        let value = fragment.values[head] ?? .null
        if path.count > 1 {
            guard let target = value.stringValue.flatMap({ self.fragment(at: $0) }) else { return .null }
            return sortValue(target, path: path.dropFirst())
        }
        if case .array(let items) = value { return items.first ?? .null }
        return value
    }

    static func int(_ value: JSONValue) -> Int? {
        if case .int(let number) = value { return Int(number) }
        return nil
    }

    /// An opaque cursor: base64 of the fragment's UUID (AEM's tiebreaker).
    static func cursor(for fragment: AEMFragment) -> String { AEMBase64.encode(Array(("cf:" + fragment.id).utf8)) }

    static func cursorPosition(_ cursor: String, in fragments: [AEMFragment]) -> Int? {
        guard let bytes = AEMBase64.decode(cursor), let text = String(validating: bytes, as: UTF8.self), text.hasPrefix("cf:") else { return nil }
        let id = String(text.dropFirst(3))
        return fragments.firstIndex { $0.id == id }
    }

    // MARK: References

    /// The fragments and assets the multi-line text of `items` links to, once each, in order.
    func references(of items: [AEMFragment]) -> AEMResolved {
        var seen = Set<String>()
        var out: [AEMResolved] = []
        for item in items {
            guard let model = models[item.typeName] else { continue }
            for field in model.fields where field.kind == .multiLineText {
                let htmls = field.isMultiple ? (item.values[field.name]?.arrayValue ?? []) : [item.values[field.name] ?? .null]
                for html in htmls {
                    guard let text = html.stringValue else { continue }
                    for path in AEMRichText.referencedPaths(AEMRichText.parse(text)) where seen.insert(path).inserted {
                        out.append(reference(path))
                    }
                }
            }
        }
        return .list(out)
    }

    /// A content reference: the fragment at `path`, else the asset (or page) reference object.
    func reference(_ path: String) -> AEMResolved {
        if let target = fragment(at: path) { return .object(.fragment(target)) }
        return .object(.object(AEMAssets.referenceObject(path, transform: transform, origin: origin)))
    }

    // MARK: Fragment fields

    func resolveFragmentField(_ name: String, of fragment: AEMFragment) -> AEMResolved {
        guard let model = models[fragment.typeName] else { return .null }
        switch name {
        case "_path": return .leaf(.string(fragment.path))
        case "_id": return .leaf(.string(fragment.id))
        case "_variation": return .leaf(.string("master"))
        case "_tags": return .leaf(.array(fragment.tags.map(JSONValue.string)))
        case "_variations": return .leaf(.array(fragment.variations.map(JSONValue.string)))
        case "_model":
            return .object(.object(AEMObject(typeName: "ModelInfo", leaves: ["_path": model.path.map(JSONValue.string) ?? .null, "title": .string(model.title)])))
        case "_metadata":
            var fields: [String: AEMResolved] = [:]
            for scalar in ["string", "int", "float", "boolean", "calendar"] {
                fields[scalar + "Metadata"] = .list([])
                fields[scalar + "ArrayMetadata"] = .list([])
            }
            if let title = fragment.title {
                fields["stringMetadata"] = .list([.object(.object(AEMObject(typeName: "StringMetadata", leaves: ["name": .string("title"), "value": .string(title)])))])
            }
            return .object(.object(AEMObject(typeName: "TypedMetaData", fields: fields)))
        default:
            break
        }
        guard let field = model.fields.first(where: { $0.name == name }), let value = fragment.values[name], !value.isNull else { return .null }
        func one(_ value: JSONValue) -> AEMResolved {
            switch field.kind {
            case .multiLineText:
                guard let html = value.stringValue else { return .null }
                let nodes = AEMRichText.parse(html)
                return .object(.object(AEMObject(typeName: "MultiFormatString", leaves: [
                    "html": .string(html), "plaintext": .string(AEMRichText.plaintext(nodes)),
                    "markdown": .string(AEMRichText.markdown(nodes)), "json": AEMRichText.json(nodes),
                ])))
            case .contentReference:
                guard let path = value.stringValue, !path.isEmpty else { return .null }
                return reference(path)
            case .fragmentReference:
                guard let path = value.stringValue, let target = self.fragment(at: path) else { return .null }
                return .object(.fragment(target))
            default:
                return .leaf(value)
            }
        }
        if field.isMultiple, case .array(let items) = value { return .list(items.map(one)) }
        return one(value)
    }
}
