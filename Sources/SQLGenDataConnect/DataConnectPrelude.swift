// The built-in part of a Data Connect schema: the scalars, directives, filters and update inputs
// that every `@table` schema can use. Written for sqlgen; names and types follow the Data Connect
// service's own prelude (2024-11 toolkit) plus the newer directives operations already use
// (`@check`, `@redact`, `@retired`, `@refresh`, `@searchable`, `insecureReason`).
//
// The per-scalar filter and update inputs are generated from one table (`preludeScalarInputs`) so
// the seven scalars stay consistent; the CEL expression scalars share their directives
// (`celExpressionDirectives`); the rest is plain SDL.

import SQLGenLanguage
import SQLGenSchema

extension DataConnectDialect {
    /// The prelude as SDL text. `expand` parses it and puts its definitions first in the output.
    public static var preludeSDL: String { preludeCore + preludeScalarInputs() + preludeTemporal + preludeVector }
}

/// What every CEL expression scalar declares: its spec, the CEL type it evaluates to (nil: any),
/// and that it is only written as a literal, never a variable's or a field's type.
private func celExpressionDirectives(returnType: String?) -> String {
    let expression = returnType.map { "@fdc_celExpression(returnType: \"\($0)\")" } ?? "@fdc_celExpression"
    return "@specifiedBy(url: \"https://github.com/google/cel-spec\") \(expression) @fdc_forbiddenAsVariableType @fdc_forbiddenAsFieldType"
}

private let preludeCore = #"""
"Coarse access policies for operations."
enum AccessLevel {
  PUBLIC
  USER_ANON
  USER
  USER_EMAIL_VERIFIED
  NO_ACCESS
}

"Who may run an operation: a level or a CEL condition (exactly one)."
directive @auth(
  level: AccessLevel @fdc_oneOf(required: true)
  expr: Boolean_Expr @fdc_oneOf(required: true)
  "Why PUBLIC or a weak condition is acceptable (newer toolkits)."
  insecureReason: String
) on QUERY | MUTATION

"Runs all steps of a mutation in one database transaction."
directive @transaction on MUTATION

"Fails the operation or field unless the CEL condition holds (by default: the value is not null or `[]`)."
directive @check(
  expr: Boolean_Expr! = "!(this in [null, []])"
  message: String! = "permission denied"
  optional: Boolean = false
) repeatable on QUERY | MUTATION | FIELD

"Leaves a field out of the response (still usable by @check)."
directive @redact on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT

"Marks an operation as retired: it stays deployed for old clients."
directive @retired(reason: String) on QUERY | MUTATION

"Re-runs a query on a schedule or after given mutations (realtime)."
directive @refresh(
  every: Timestamp_Duration
  onMutationExecuted: [Refresh_OnMutation!]
) repeatable on QUERY

"A mutation that should trigger a query refresh."
input Refresh_OnMutation @fdc_forbiddenAsVariableType {
  operation: String!
  condition: Boolean_Expr
}

"A schema coordinate such as `Movie` or `Movie.title`."
scalar SchemaCoordinate
  @specifiedBy(url: "https://github.com/graphql/graphql-wg/blob/main/rfcs/SchemaCoordinates.md")
  @fdc_forbiddenAsFieldType
  @fdc_forbiddenAsVariableType

"Why a definition was generated (internal)."
enum GeneratedPurpose {
  IMPLICIT_KEY_FIELD
  IMPLICIT_REF_FIELD
  QUERY_MULTIPLE_ONE_TO_MANY
  QUERY_MULTIPLE_MANY_TO_MANY
  QUERY_SINGLE
  QUERY_MULTIPLE
  QUERY_MULTIPLE_BY_SIMILARITY
  QUERY_MULTIPLE_BY_SEARCH
  QUERY_SINGLE_ONE_TO_ONE
  QUERY_COUNT
  QUERY_SUM
  QUERY_AVG
  QUERY_MIN
  QUERY_MAX
  INSERT_SINGLE
  INSERT_MULTIPLE
  UPSERT_SINGLE
  UPSERT_MULTIPLE
  UPDATE_SINGLE
  UPDATE_MULTIPLE
  DELETE_SINGLE
  DELETE_MULTIPLE
}

"Marks a definition derived from the user's schema (internal)."
directive @fdc_generated(
  from: SchemaCoordinate!
  purpose: GeneratedPurpose!
) on SCALAR | OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INTERFACE | UNION | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION

"Service metadata."
type _Service {
  sdl(omitBuiltin: Boolean = false, omitDescription: Boolean = false): String!
  schema: String!
  docs: [_Doc!]!
}

"One page of generated documentation."
type _Doc {
  page: String!
  markdown: String!
}

"Scheduled for removal (internal)."
directive @fdc_deprecated(reason: String = "No longer supported") on SCHEMA | SCALAR | OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INTERFACE | UNION | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION

"The scalar holds a CEL expression (internal)."
directive @fdc_celExpression(returnType: String) on SCALAR

"The scalar holds a SQL expression (internal)."
directive @fdc_sqlExpression(dataType: String) on SCALAR

"The type cannot be a variable's type (internal)."
directive @fdc_forbiddenAsVariableType on SCALAR | OBJECT | INTERFACE | UNION | ENUM | INPUT_OBJECT

"The type cannot be a field's type in the user's schema (internal)."
directive @fdc_forbiddenAsFieldType on SCALAR | OBJECT | INTERFACE | UNION | ENUM | INPUT_OBJECT

"A typical value for documentation."
directive @fdc_example(value: Any, description: String) repeatable on SCALAR | OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INTERFACE | UNION | ENUM | INPUT_OBJECT | INPUT_FIELD_DEFINITION

"Fields or arguments of one group are mutually exclusive; `required` demands exactly one (internal)."
directive @fdc_oneOf(group: String! = "", required: Boolean! = false) repeatable on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION

"A variable of any type may be used where this scalar is expected (internal)."
directive @fdc_acceptsAnyVariable on SCALAR

"Marks a native SQL root field (internal): its SQL is checked by the rules of native SQL."
directive @fdc_nativeSQL on FIELD_DEFINITION

type Query {
  _service: _Service!
  "Native SQL: runs a read-only statement (SELECT, TABLE or WITH) given as a string literal, with `$1`, `$2`... bound to `params`; one JSON object per row, keyed by column name."
  _select(sql: String!, params: [Any]): [Any] @fdc_nativeSQL
  "Native SQL: like `_select`, for zero or one row: the row's JSON object, or null."
  _selectFirst(sql: String!, params: [Any]): Any @fdc_nativeSQL
}

type Mutation {
  _firebase: Void @fdc_deprecated(reason: "placeholder; does nothing")
  "Reads data between the steps of a mutation, in the same transaction (newer toolkits)."
  query: Query
  "Native SQL: runs a DML statement (INSERT, UPDATE, DELETE; data-modifying CTEs allowed) given as a string literal, with `$1`, `$2`... bound to `params`; returns the number of rows affected."
  _execute(sql: String!, params: [Any]): Int @fdc_nativeSQL
  "Native SQL: runs a DML statement with a RETURNING clause; one JSON object per returned row."
  _executeReturning(sql: String!, params: [Any]): [Any] @fdc_nativeSQL
  "Native SQL: like `_executeReturning`, for zero or one row: the row's JSON object, or null."
  _executeReturningFirst(sql: String!, params: [Any]): Any @fdc_nativeSQL
}

scalar UUID @specifiedBy(url: "https://tools.ietf.org/html/rfc4122")
scalar Int64
"Any JSON value; a variable of any type may be used where it is expected (native SQL `params`)."
scalar Any @specifiedBy(url: "https://www.json.org/json-en.html") @fdc_acceptsAnyVariable
scalar Void
"Accepts only the literal `true`."
scalar True @fdc_forbiddenAsFieldType @fdc_forbiddenAsVariableType

"A CEL expression of type bool, e.g. `auth != null`."
scalar Boolean_Expr \#(celExpressionDirectives(returnType: "bool"))
"A CEL expression of type string, e.g. `auth.uid`."
scalar String_Expr \#(celExpressionDirectives(returnType: "string"))
"A CEL expression producing a UUID, e.g. `uuidV4()`."
scalar UUID_Expr \#(celExpressionDirectives(returnType: "string"))
"A CEL expression of any type."
scalar Any_Expr \#(celExpressionDirectives(returnType: nil))
"A CEL expression producing an Int."
scalar Int_Expr \#(celExpressionDirectives(returnType: "int"))
"A CEL expression producing an Int64."
scalar Int64_Expr \#(celExpressionDirectives(returnType: "int"))
"A CEL expression producing a Float."
scalar Float_Expr \#(celExpressionDirectives(returnType: "double"))
"A SQL expression (for `@default(sql:)`)."
scalar Any_SQL @specifiedBy(url: "https://www.postgresql.org/docs/current/sql-expressions.html") @fdc_sqlExpression @fdc_forbiddenAsVariableType @fdc_forbiddenAsFieldType

"Maps a type to a SQL table."
directive @table(name: String, singular: String, plural: String, key: [String!]) on OBJECT

"Maps a type to a SQL view (an existing view by `name`, or a `sql` query)."
directive @view(name: String @fdc_oneOf, sql: String @fdc_oneOf, singular: String, plural: String) on OBJECT

"Customizes the SQL column of a field."
directive @col(name: String, dataType: String, size: Int) on FIELD_DEFINITION

"Makes a field a foreign-key reference to another table."
directive @ref(constraintName: String, fields: [String!], references: [String!]) on FIELD_DEFINITION

"Sort direction."
enum OrderDirection {
  ASC
  DESC
}

"The column's default: a constant, a CEL expression or a SQL expression (exactly one)."
directive @default(
  value: Any @fdc_oneOf(required: true)
  expr: Any_Expr @fdc_oneOf(required: true)
  sql: Any_SQL @fdc_oneOf(required: true)
) on FIELD_DEFINITION

"Creates a database index on a field or on fields of a table."
directive @index(name: String, fields: [String!], order: [IndexFieldOrder!], type: IndexType, vector_method: VectorSimilarityMethod) repeatable on FIELD_DEFINITION | OBJECT

"Index column order."
enum IndexFieldOrder {
  ASC
  DESC
}

"Index kinds."
enum IndexType {
  BTREE
  GIN
  HNSW
  IVFFLAT
}

"Adds a unique constraint on a field or on fields of a table."
directive @unique(indexName: String, fields: [String!]) repeatable on FIELD_DEFINITION | OBJECT

"Makes a String column full-text searchable (adds `<plural>_search`)."
directive @searchable(language: String) on FIELD_DEFINITION

"How `<plural>_search` reads its query text."
enum SearchQueryFormat {
  QUERY
  PLAIN
  PHRASE
  ADVANCED
}

scalar Date @specifiedBy(url: "https://scalars.graphql.org/andimarek/local-date.html")
scalar Timestamp @specifiedBy(url: "https://scalars.graphql.org/andimarek/date-time")
"A CEL expression producing a timestamp, e.g. `request.time`."
scalar Timestamp_Expr \#(celExpressionDirectives(returnType: "google.protobuf.Timestamp"))
"A CEL expression producing a date, e.g. `request.time` (the UTC date)."
scalar Date_Expr \#(celExpressionDirectives(returnType: "google.protobuf.Timestamp"))

"""#
