// Relation fields added to the *referenced* table (NOTES §6.3) and the aggregate fields of every
// table (NOTES §6.8).

import SQLGenLanguage
import SQLGenSchema

/// A relation field derived from a reference, added to the table it points at.
public struct DataConnectRelation: Sendable {
    /// `reviews_on_movie`, `actors_via_MovieActor`, `account_on_user`.
    public var name: String
    /// The type of the rows returned (`Review`, `Actor`).
    public var resultTable: String
    /// The table whose `_Filter` / `_Order` the `where` / `orderBy` arguments take (the join table for `_via_`).
    public var argumentTable: String
    /// False for one-to-one relations (a single object).
    public var isList: Bool
    public var from: String
    public var purpose: String
    public var path: Path

    /// How a relation field reaches its rows.
    public enum Path: Sendable {
        /// Rows of `child` whose `reference` points at the parent (`reviews_on_movie`, `account_on_user`).
        case inverse(child: String, reference: String)
        /// Rows of the far table through a join table (`actors_via_MovieActor`): the join table's
        /// reference to this table is `near`, to the rows returned `far`.
        case via(join: String, near: String, far: String)
    }
}

extension DataConnectExpansion {
    /// Computes the relation fields of every table, keyed by the table that receives them.
    static func relations(of tables: [DataConnectTable]) -> [String: [DataConnectRelation]] {
        var result: [String: [DataConnectRelation]] = [:]
        let byName = Dictionary(tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for child in tables {
            for reference in child.references {
                let relation: DataConnectRelation
                let path = DataConnectRelation.Path.inverse(child: child.name, reference: reference.field)
                if reference.isOneToOne {
                    relation = DataConnectRelation(name: "\(child.singular)_on_\(reference.field)", resultTable: child.name, argumentTable: child.name, isList: false,
                                                   from: "\(child.name).\(reference.field)", purpose: "QUERY_SINGLE_ONE_TO_ONE", path: path)
                } else {
                    relation = DataConnectRelation(name: "\(child.plural)_on_\(reference.field)", resultTable: child.name, argumentTable: child.name, isList: true,
                                                   from: "\(child.name).\(reference.field)", purpose: "QUERY_MULTIPLE_ONE_TO_MANY", path: path)
                }
                result[reference.target, default: []].append(relation)
            }
        }
        // Many-to-many through join tables whose key is exactly two references.
        for join in tables where join.keyReferences.count == 2 {
            guard let first = join.reference(join.keyReferences[0]), let second = join.reference(join.keyReferences[1]),
                  let firstTable = byName[first.target], let secondTable = byName[second.target] else { continue }
            // The near side points at the receiving table; in a self-join the first reference is near.
            result[first.target, default: []].append(DataConnectRelation(name: "\(secondTable.plural)_via_\(join.name)", resultTable: second.target, argumentTable: join.name,
                                                                         isList: true, from: join.name, purpose: "QUERY_MULTIPLE_MANY_TO_MANY",
                                                                         path: .via(join: join.name, near: first.field, far: second.field)))
            if first.target != second.target {
                result[second.target, default: []].append(DataConnectRelation(name: "\(firstTable.plural)_via_\(join.name)", resultTable: first.target, argumentTable: join.name,
                                                                              isList: true, from: join.name, purpose: "QUERY_MULTIPLE_MANY_TO_MANY",
                                                                              path: .via(join: join.name, near: second.field, far: first.field)))
            }
        }
        return result
    }

    /// The list arguments shared by `movies(...)` and the `_on_` / `_via_` relation fields.
    static func listArguments(filterTable: String, havingTable: String?) -> [InputValueDefinition] {
        var arguments = [
            SyntheticSDL.input("where", SyntheticSDL.named(filterTable + "_Filter"), description: "Only rows matching this condition."),
            SyntheticSDL.input("orderBy", SyntheticSDL.listOfNonNull(filterTable + "_Order"), description: "Sort order of the rows."),
            SyntheticSDL.input("offset", SyntheticSDL.named("Int"), description: "Rows to skip."),
            SyntheticSDL.input("limit", SyntheticSDL.named("Int"), default: SyntheticSDL.int(100), description: "At most this many rows (default 100)."),
            SyntheticSDL.input("distinct", SyntheticSDL.named("Boolean"), default: SyntheticSDL.bool(false), description: "Drop duplicate rows."),
        ]
        if let havingTable {
            arguments.append(SyntheticSDL.input("having", SyntheticSDL.named(havingTable + "_Having"), description: "Conditions on grouped aggregates."))
        }
        return arguments
    }

    func relationField(_ relation: DataConnectRelation) -> FieldDefinition {
        let directive = SyntheticSDL.generated(from: relation.from, purpose: relation.purpose)
        if !relation.isList {
            return SyntheticSDL.field(relation.name, SyntheticSDL.named(relation.resultTable), directives: [directive],
                               description: "The `\(relation.resultTable)` row that references this one.")
        }
        let having = relation.argumentTable == relation.resultTable ? relation.resultTable : nil
        return SyntheticSDL.field(relation.name, SyntheticSDL.nonNullListOfNonNull(relation.resultTable),
                           arguments: Self.listArguments(filterTable: relation.argumentTable, havingTable: having), directives: [directive],
                           description: "`\(relation.resultTable)` rows related to this one.")
    }

    /// `_count`, `<column>_count` and, for numeric and temporal columns, `_sum`, `_avg`, `_min`, `_max`.
    static func aggregateFields(_ table: DataConnectTable) -> [FieldDefinition] {
        let distinct = SyntheticSDL.input("distinct", SyntheticSDL.named("Boolean"), default: SyntheticSDL.bool(false))
        var fields = [SyntheticSDL.field("_count", SyntheticSDL.nonNull(SyntheticSDL.named("Int")), directives: [SyntheticSDL.generated(from: table.name, purpose: "QUERY_COUNT")],
                                  description: "The number of rows (in the group).")]
        for column in table.columns {
            let from = "\(table.name).\(column.name)"
            fields.append(SyntheticSDL.field(column.name + "_count", SyntheticSDL.nonNull(SyntheticSDL.named("Int")), arguments: [distinct],
                                      directives: [SyntheticSDL.generated(from: from, purpose: "QUERY_COUNT")], description: "The number of non-null `\(column.name)` values."))
            guard !column.isList else { continue }
            let numeric = ["Int", "Int64", "Float"].contains(column.typeName)
            if numeric {
                fields.append(SyntheticSDL.field(column.name + "_sum", SyntheticSDL.named(column.typeName), arguments: [distinct], directives: [SyntheticSDL.generated(from: from, purpose: "QUERY_SUM")]))
                fields.append(SyntheticSDL.field(column.name + "_avg", SyntheticSDL.named("Float"), arguments: [distinct], directives: [SyntheticSDL.generated(from: from, purpose: "QUERY_AVG")]))
            }
            if numeric || column.typeName == "Date" || column.typeName == "Timestamp" {
                fields.append(SyntheticSDL.field(column.name + "_min", SyntheticSDL.named(column.typeName), directives: [SyntheticSDL.generated(from: from, purpose: "QUERY_MIN")]))
                fields.append(SyntheticSDL.field(column.name + "_max", SyntheticSDL.named(column.typeName), directives: [SyntheticSDL.generated(from: from, purpose: "QUERY_MAX")]))
            }
        }
        return fields
    }
}
