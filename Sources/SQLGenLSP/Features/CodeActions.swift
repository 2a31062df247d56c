import SQLGenLanguage
import SQLGenSchema

/// Quick fixes whose edit is certain: declare a variable an operation uses but does not define
/// (with the type the place of use expects), and remove a variable an operation never uses.
struct CodeActions {
    /// A change to one file.
    struct Edit {
        var path: String
        var start: Int
        var end: Int
        var text: String
    }

    struct Action {
        var title: String
        var error: GraphQLError
        var edit: Edit
    }

    let schema: Schema?
    /// The connector's documents as last parsed, by path (the operation may be in another file).
    let documents: [String: Document]
    let sources: [SourceID: String]
    let read: (String) -> [UInt8]?

    /// The fixes of `errors` whose first range lies in `path` and meets `start..<end`.
    func actions(for errors: [GraphQLError], in path: String, start: Int, end: Int) -> [Action] {
        errors.compactMap { error in
            guard let primary = error.ranges.first, sources[primary.source] == path, primary.start <= end, primary.end >= start else { return nil }
            switch error.rule {
            case "NoUndefinedVariablesRule": return declare(error)
            case "NoUnusedVariablesRule": return remove(error, in: path)
            default: return nil
            }
        }
    }

    private func declare(_ error: GraphQLError) -> Action? {
        guard error.ranges.count == 2, let usagePath = sources[error.ranges[0].source], let operationPath = sources[error.ranges[1].source],
              let usageBytes = read(usagePath), let operation = operation(at: error.ranges[1], in: operationPath) else { return nil }
        let usage = error.ranges[0]
        let context = ContextWalker.context(at: usage.start, in: Source(bytes: usageBytes, name: usagePath), schema: schema, mode: .symbol)
        guard case .variable(let name, let expected?)? = context.symbol else { return nil }
        let declaration = "$\(name): \(expected)"
        let edit: Edit
        if let last = operation.variableDefinitions.last {
            edit = Edit(path: operationPath, start: last.range.end, end: last.range.end, text: ", " + declaration)
        } else if let operationName = operation.name {
            edit = Edit(path: operationPath, start: operationName.range.end, end: operationName.range.end, text: "(\(declaration))")
        } else {
            guard let bytes = read(operationPath), bytes[operation.range.start...].starts(with: operation.operation.rawValue.utf8) else { return nil }
            let keywordEnd = operation.range.start + operation.operation.rawValue.utf8.count
            edit = Edit(path: operationPath, start: keywordEnd, end: keywordEnd, text: " (\(declaration))")
        }
        let title = "Declare \(declaration)" + (operation.name.map { " in operation \"\($0.value)\"" } ?? "")
        return Action(title: title, error: error, edit: edit)
    }

    private func remove(_ error: GraphQLError, in path: String) -> Action? {
        guard let range = error.ranges.first, let bytes = read(path) else { return nil }
        for case .operation(let operation) in documents[path]?.definitions ?? [] {
            let definitions = operation.variableDefinitions
            guard let index = definitions.firstIndex(where: { $0.range == range }) else { continue }
            let title = "Remove unused variable $\(definitions[index].variable.name.value)"
            if definitions.count == 1 {
                guard let open = bytes[..<range.start].lastIndex(of: UInt8(ascii: "(")),
                      let close = bytes[range.end...].firstIndex(of: UInt8(ascii: ")")) else { return nil }
                return Action(title: title, error: error, edit: Edit(path: path, start: open, end: close + 1, text: ""))
            }
            if index + 1 < definitions.count {
                return Action(title: title, error: error, edit: Edit(path: path, start: range.start, end: definitions[index + 1].range.start, text: ""))
            }
            return Action(title: title, error: error, edit: Edit(path: path, start: definitions[index - 1].range.end, end: range.end, text: ""))
        }
        return nil
    }

    /// The operation of `path` whose range is `range`.
    private func operation(at range: SourceRange, in path: String) -> OperationDefinition? {
        for case .operation(let operation) in documents[path]?.definitions ?? [] where operation.range == range { return operation }
        return nil
    }
}
