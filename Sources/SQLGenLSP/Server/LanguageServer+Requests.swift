import Foundation
import SQLGenCore
import SQLGenJSON
import SQLGenLanguage

// The requests about a position or a document: completion, hover, definitions, references,
// symbols, formatting and code actions.
extension LanguageServer {
    /// The document a request names (open, or read from disk), its connector, and the byte
    /// offset of the request's position.
    struct Target {
        var document: OpenDocument
        var connector: ConnectorState?
        var offset: Int

        var source: Source { Source(bytes: document.bytes, name: document.path) }
    }

    func target(_ params: JSONValue) throws(RequestError) -> Target {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = FileURI.path(of: uri) else {
            throw RequestError(code: .invalidParams, message: "textDocument.uri must be a file URI")
        }
        var document = store.open[path]
        if document == nil, let bytes = read(path) { document = OpenDocument(uri: uri, path: path, version: 0, bytes: bytes) }
        guard let document else { throw RequestError(code: .invalidParams, message: "cannot read \(path)") }
        let offset = LSPPosition(params["position"]).map { document.lines.offset(of: $0, encoding: encoding) } ?? 0
        return Target(document: document, connector: workspace.connector(near: path, read: readConfigured), offset: offset)
    }

    /// The context at the target's position; nothing in a schema file.
    private func context(_ target: Target, mode: ContextWalker.Mode) -> PositionContext {
        guard let connector = target.connector, !connector.schemaPaths.contains(target.document.path) else { return PositionContext() }
        let own = connector.documents(read: read).first { $0.path == target.document.path }?.document
        return ContextWalker.context(at: target.offset, in: target.source, schema: connector.schema, mode: mode,
                                     fragmentVariables: FragmentIndex.operationVariables(in: own))
    }

    private func fragments(_ target: Target) -> [FragmentIndex.Entry] {
        FragmentIndex.fragments(in: target.connector?.documents(read: read) ?? [])
    }

    func completion(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let target = try target(params)
        let context = context(target, mode: .completion)
        let start = context.typedToken?.start ?? target.offset
        let end = context.typedToken?.end ?? target.offset
        let completion = Completion(schema: target.connector?.schema, ownTypes: target.connector?.ownTypeNames ?? [], fragments: fragments(target),
                                    replacing: target.document.lines.range(start, end, encoding: encoding), format: completionFormat)
        return ["isIncomplete": false, "items": .array(completion.items(for: context))]
    }

    func hover(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let target = try target(params)
        let context = context(target, mode: .symbol)
        guard let symbol = context.symbol, let range = context.symbolRange,
              let text = Hover.markdown(for: symbol, variables: context.variables, fragments: fragments(target)) else { return nil }
        return ["contents": hoverFormat.json(text), "range": target.document.lines.range(range, encoding: encoding)]
    }

    func definition(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let target = try target(params)
        let context = context(target, mode: .symbol)
        guard let symbol = context.symbol else { return nil }
        let finder = DefinitionFinder(connector: target.connector, fragments: fragments(target)) { [self] in derivedView(of: target.connector) }
        return .array(finder.places(of: symbol, variables: context.variables, path: target.document.path).map(location))
    }

    func references(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let target = try target(params)
        guard case .fragment(let name)? = context(target, mode: .symbol).symbol else { return [] }
        let documents = target.connector?.documents(read: read) ?? []
        var places = FragmentIndex.spreads(of: name, in: documents).map { DefinitionFinder.Place(path: $0.path, start: $0.range.start, end: $0.range.end) }
        if params["context"]?["includeDeclaration"]?.boolValue == true {
            places = FragmentIndex.fragments(in: documents).filter { $0.fragment.name.value == name }.map {
                DefinitionFinder.Place(path: $0.path, start: $0.fragment.name.range.start, end: $0.fragment.name.range.end)
            } + places
        }
        return .array(places.map(location))
    }

    func documentSymbols(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let target = try target(params)
        guard let document = try? Parser.parse(target.source, options: .connectorFile) else { return [] }
        return .array(DocumentSymbols(lines: target.document.lines, encoding: encoding).symbols(of: document))
    }

    func formatting(_ params: JSONValue) throws(RequestError) -> JSONValue {
        Formatting.edits(for: try target(params).document, encoding: encoding)
    }

    func codeActions(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let target = try target(params)
        let path = target.document.path
        guard let connector = target.connector, let known = lastErrors[path], known.bytes == target.document.bytes,
              let start = LSPPosition(params["range"]?["start"]), let end = LSPPosition(params["range"]?["end"]) else { return [] }
        var sources: [SourceID: String] = [:]
        for (file, parsed) in connector.parsedFiles { sources[parsed.source.id] = file }
        let documents = Dictionary(connector.documents(read: read).map { ($0.path, $0.document) }, uniquingKeysWith: { first, _ in first })
        let fixes = CodeActions(schema: connector.schema, documents: documents, sources: sources, read: read)
            .actions(for: known.errors, in: path, start: target.document.lines.offset(of: start, encoding: encoding),
                     end: target.document.lines.offset(of: end, encoding: encoding))
        let offered = params["context"]?["diagnostics"]?.arrayValue ?? []
        return .array(fixes.map { fix in
            let lines = LineTable(read(fix.edit.path) ?? [])
            let edit: JSONValue = ["range": lines.range(fix.edit.start, fix.edit.end, encoding: encoding), "newText": .string(fix.edit.text)]
            let matching = offered.filter { $0["message"]?.stringValue == fix.error.message }
            return ["title": .string(fix.title), "kind": "quickfix", "isPreferred": true, "diagnostics": .array(matching),
                    "edit": ["changes": .object([JSONMember(store.uri(of: fix.edit.path), [edit])])]]
        })
    }

    private func location(_ place: DefinitionFinder.Place) -> JSONValue {
        let lines = LineTable(read(place.path) ?? [])
        return ["uri": .string(store.uri(of: place.path)), "range": lines.range(place.start, place.end, encoding: encoding)]
    }

    /// The read-only view of a connector's derived schema, written on first use.
    private func derivedView(of connector: ConnectorState?) -> DerivedSchemaView? {
        guard let connector else { return nil }
        if let view = derivedViews[connector.key] { return view }
        let directory = derivedSchemaDirectory ?? (GenerationCache.defaultDirectory() ?? NSTemporaryDirectory() + "/sqlgen") + "/lsp"
        let view = DerivedSchemaView(connector, directory: directory)
        derivedViews[connector.key] = view
        return view
    }
}
