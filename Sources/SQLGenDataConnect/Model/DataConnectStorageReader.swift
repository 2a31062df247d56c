// How each table is stored, from its directives: `@table(name:)`, `@view(sql:)`, `@col(name:,
// dataType:, size:)`, `@default`, `@unique`, `@index`, `@searchable` and `@ref(references:)`.

import SQLGenLanguage
import SQLGenSchema

struct DataConnectStorageReader {
    private var objects: [String: ObjectTypeDefinition] = [:]
    private let byName: [String: DataConnectTable]

    init(documents: [Document], tables: [DataConnectTable]) {
        for document in documents {
            for case .type(.object(let object)) in document.definitions where objects[object.name.value] == nil {
                objects[object.name.value] = object
            }
        }
        byName = Dictionary(tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `table` with its storage settings filled in.
    func resolve(_ table: DataConnectTable) -> DataConnectTable {
        var resolved = table
        let object = objects[table.name]
        let fields = Dictionary((object?.fields ?? []).map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        resolved.columns = table.columns.map { column(of: $0, field: fields[$0.name], in: table) }
        resolved.references = table.references.map { reference in
            var reference = reference
            reference.targetColumns = fields[reference.field]?.directives.first(named: "ref").flatMap { Self.stringList($0, "references") }
                ?? byName[reference.target]?.keyColumns ?? []
            return reference
        }
        (resolved.uniqueGroups, resolved.indexGroups) = groups(of: object, references: resolved.references)
        let directive = object?.directives.first { $0.name.value == "table" || $0.name.value == "view" }
        resolved.sqlName = directive.flatMap { Self.string($0, "name") } ?? Self.snakeCase(table.name)
        if table.isView { resolved.viewSQL = directive.flatMap { Self.string($0, "sql") } }
        return resolved
    }

    private func column(of column: DataConnectColumn, field: FieldDefinition?, in table: DataConnectTable) -> DataConnectColumn {
        var column = column
        let col = field?.directives.first(named: "col")
        column.sqlName = col.flatMap { Self.string($0, "name") } ?? Self.snakeCase(column.name)
        if let directive = field?.directives.first(named: "default") {
            if let value = directive.argument("value") {
                column.defaultValue = .value(value)
            } else if let expr = Self.string(directive, "expr") {
                column.defaultValue = .expr(expr)
            } else if let sql = Self.string(directive, "sql") {
                column.defaultValue = .sql(sql)
            }
        } else if column.name == "id", field == nil, table.keyColumns == ["id"] {
            column.defaultValue = .expr("uuidV4()")
        }
        column.isUnique = field?.directives.first(named: "unique") != nil
        column.searchLanguage = field?.directives.first(named: "searchable").map { Self.string($0, "language") ?? "english" }
        if column.typeName == "Vector" { column.vectorSize = col.flatMap { Self.int($0, "size") } }
        column.characterLimit = col.flatMap { Self.string($0, "dataType") }.flatMap(Self.characterLimit)
        return column
    }

    /// Unique and index column groups: `@unique`/`@index` on fields, and `(fields:)` on the type;
    /// a reference stands for its foreign-key columns.
    private func groups(of object: ObjectTypeDefinition?, references: [DataConnectReference]) -> (unique: [[String]], index: [[String]]) {
        func columns(_ entries: [String]) -> [String] {
            entries.flatMap { entry in references.first { $0.field == entry }?.foreignKeys ?? [entry] }
        }
        var unique: [[String]] = []
        var index: [[String]] = []
        for field in object?.fields ?? [] {
            if field.directives.first(named: "unique") != nil { unique.append(columns([field.name.value])) }
            if field.directives.first(named: "index") != nil { index.append(columns([field.name.value])) }
        }
        for directive in object?.directives ?? [] {
            guard let entries = Self.stringList(directive, "fields") else { continue }
            if directive.name.value == "unique" { unique.append(columns(entries)) }
            if directive.name.value == "index" { index.append(columns(entries)) }
        }
        return (unique, index)
    }

    private static func int(_ directive: Directive, _ name: String) -> Int? {
        if case .int(let text, _)? = directive.argument(name) { return Int(text) }
        return nil
    }

    private static func string(_ directive: Directive, _ name: String) -> String? {
        if case .string(let string)? = directive.argument(name) { return string.value }
        return nil
    }

    /// A `[String!]` argument; a single string counts as a one-element list (input coercion).
    private static func stringList(_ directive: Directive, _ name: String) -> [String]? {
        switch directive.argument(name) {
        case .string(let string)?: return [string.value]
        case .list(let items, _)?:
            return items.compactMap { if case .string(let string) = $0 { return string.value } else { return nil } }
        default: return nil
        }
    }

    /// 30 for `varchar(30)`, `character varying(30)`, `char(30)` or `character(30)` (any case and
    /// spacing); nil for other types and for `varchar` without a length.
    static func characterLimit(_ dataType: String) -> Int? {
        let text = dataType.lowercased().filter { $0 != " " }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        guard ["varchar", "charactervarying", "char", "character", "bpchar"].contains(String(text[..<open])) else { return nil }
        return Int(text[text.index(after: open)..<text.index(before: text.endIndex)])
    }

    /// `releaseYear` → `release_year`, `MovieMetadata` → `movie_metadata`.
    static func snakeCase(_ name: String) -> String {
        var out = ""
        var previousWasLowerOrDigit = false
        for character in name {
            if character.isUppercase {
                if previousWasLowerOrDigit { out.append("_") }
                out += character.lowercased()
                previousWasLowerOrDigit = false
            } else {
                out.append(character)
                previousWasLowerOrDigit = character.isLowercase || character.isNumber
            }
        }
        return out
    }
}
