import SQLGenJSON
import SQLGenSchema

/// One row of an `--import` file, checked against its table as a mutation's data is: an object of
/// the table's columns, every required one given, each value of its column's type. `place`
/// (`Movie[3]`) names the row in errors; a database error would name neither row nor field.
struct ImportedRow {
    private(set) var columns: [StoreColumn] = []
    private(set) var values: [JSONValue] = []
    /// The key's values when the row gives them all: a second row with the same key would
    /// silently replace the first.
    private(set) var key: [JSONValue]?

    init(_ row: JSONValue, table: StoreTable, place: String, schema: Schema) throws(EmulatorError) {
        guard case .object(let members) = row else { throw EmulatorError("import: \(place) must be an object of columns") }
        if let unknown = members.first(where: { table.column($0.key) == nil }) {
            throw EmulatorError("import: \(place): \"\(unknown.key)\" is not a column of \(table.name)")
        }
        for column in table.columns {
            let given = row[column.name]
            if given?.isNull ?? true, column.isNonNull, !column.hasDatabaseDefault {
                throw EmulatorError("import: \(place): \"\(column.name)\" is required (non-null, and no database default fills it)")
            }
            guard let given else { continue }
            columns.append(column)
            values.append(try Self.canonical(given, column: column, place: place, schema: schema))
        }
        let keyValues = table.keyColumns.compactMap { name in columns.firstIndex { $0.name == name }.map { values[$0] } }
        key = keyValues.count == table.keyColumns.count ? keyValues : nil
    }

    /// `value` in the form the column stores, as mutations coerce it.
    private static func canonical(_ value: JSONValue, column: StoreColumn, place: String, schema: Schema) throws(EmulatorError) -> JSONValue {
        if value.isNull { return value }
        let items: [JSONValue]
        if column.isList {
            guard case .array(let list) = value else { throw EmulatorError("import: \(place).\(column.name) must be a list") }
            items = list
        } else {
            items = [value]
        }
        var coerced: [JSONValue] = []
        for item in items {
            coerced.append(try element(item, column: column, place: place, schema: schema))
        }
        let result = column.isList ? JSONValue.array(coerced) : coerced[0]
        if let problem = column.typeProblem(result) { throw EmulatorError("import: \(place): \(problem)") }
        return result
    }

    private static func element(_ item: JSONValue, column: StoreColumn, place: String, schema: Schema) throws(EmulatorError) -> JSONValue {
        if column.isEnum {
            guard let name = item.stringValue, schema.enumType(named: column.typeName)?.value(named: name) != nil else {
                throw EmulatorError("import: \(place).\(column.name): \(column.typeName) has no value \(summary(item))")
            }
            return item
        }
        guard let coerced = ScalarCoercion.coerce(item, scalar: column.typeName) else {
            throw EmulatorError("import: \(place).\(column.name): \(ScalarCoercion.expectation(column.typeName))")
        }
        return coerced
    }

    private static func summary(_ item: JSONValue) -> String {
        String(decoding: item.serialized().prefix(60), as: UTF8.self)
    }
}
