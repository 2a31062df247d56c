// Native SQL root fields in the Data Connect dialect: their documented signatures, only in
// Data Connect schemas, and the rules DataConnectNativeSQLRule enforces on their SQL.

import Testing
import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema

@Suite struct DataConnectNativeSQLTests {
    static let sdl = """
    type Movie @table { title: String! @searchable genre: String releaseYear: Int }
    type Review @table { movie: Movie! userUid: String! rating: Int! }
    """

    private func schema() throws -> Schema {
        let built = DataConnectDialect.buildSchema([try Parser.parse(Source(Self.sdl))])
        #expect(built.errors.map(\.message) == [])
        return built.schema
    }

    /// The messages of validating `operation` with the persisted-operation rules.
    private func messages(_ operation: String) throws -> [String] {
        validate(schema: try schema(), document: try Parser.parse(Source(operation)), rules: DataConnectDialect.operationRules).map(\.message)
    }

    private func signature(_ field: GraphQLField) -> String {
        "\(field.name)(" + field.arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + "): \(field.type)"
    }

    @Test func rootFieldsHaveTheDocumentedSignatures() throws {
        let schema = try schema()
        let query = try #require(schema.queryType)
        let mutation = try #require(schema.mutationType)
        #expect(query.field(named: "_select").map(signature) == "_select(sql: String!, params: [Any]): [Any]")
        #expect(query.field(named: "_selectFirst").map(signature) == "_selectFirst(sql: String!, params: [Any]): Any")
        #expect(mutation.field(named: "_execute").map(signature) == "_execute(sql: String!, params: [Any]): Int")
        #expect(mutation.field(named: "_executeReturning").map(signature) == "_executeReturning(sql: String!, params: [Any]): [Any]")
        #expect(mutation.field(named: "_executeReturningFirst").map(signature) == "_executeReturningFirst(sql: String!, params: [Any]): Any")
        // Queries read, mutations write: no crossing over.
        #expect(query.field(named: "_execute") == nil)
        #expect(mutation.field(named: "_select") == nil)
    }

    @Test func onlyDataConnectSchemasHaveThem() throws {
        let plain = SchemaBuilder.build(documents: [try Parser.parse(Source("type Query { movies: [String] }"))]).schema
        #expect(plain.queryType?.field(named: "_select") == nil)
        #expect(plain.mutationType == nil)
    }

    @Test func documentedOperationsAreValid() throws {
        #expect(try messages("""
        query GetMovies($genre: String!) @auth(level: PUBLIC) {
          movies: _select(sql: "SELECT id, title FROM movie WHERE genre = $1", params: [$genre])
        }
        query GetTotal @auth(level: PUBLIC) { stats: _selectFirst(sql: "SELECT COUNT(*) AS total FROM review") }
        query Ranked @auth(level: PUBLIC) {
          _select(sql: \"\"\"
            SELECT id, title, RANK() OVER (ORDER BY release_year DESC) AS rank /* newest first */
            FROM movie WHERE title <> 'a $9 ''quoted'' -- not a comment' AND genre::text = $1
          \"\"\", params: ["drama"])
        }
        mutation UpdateYear($id: UUID!, $year: Int!) @auth(level: USER) {
          _execute(sql: "UPDATE movie SET release_year = $2 WHERE id = $1", params: [$id, $year])
        }
        mutation DeleteMine @auth(level: USER) {
          deleted: _executeReturning(sql: "DELETE FROM review WHERE user_uid = $1 RETURNING id, rating", params: [{_expr: "auth.uid"}])
        }
        mutation Upsert($title: String!) @auth(level: USER) {
          _execute(sql: "WITH m AS (INSERT INTO movie (id, title) VALUES (gen_random_uuid(), $1) RETURNING id) SELECT id FROM m", params: [$title])
          one: _executeReturningFirst(sql: "UPDATE movie SET title = $1 WHERE title = $1 RETURNING id", params: [$title])
        }
        """) == [])
    }

    @Test func sqlMustBeALiteral() throws {
        #expect(try messages("""
        query Q($sql: String!) @auth(level: PUBLIC) { _select(sql: $sql) }
        """) == ["Argument \"_select(sql:)\" must be a string literal written in the operation, not the variable \"$sql\": clients cannot change native SQL."])
    }

    @Test func positionalParametersMatchParams() throws {
        #expect(try messages("""
        query Q($a: String!, $b: String!) @auth(level: PUBLIC) { _select(sql: "SELECT * FROM movie WHERE title = $1 OR genre = $3", params: [$a, $b]) }
        """) == [
            "The SQL of \"_select\" uses $3, but \"params\" has 2 values.",
            "The SQL of \"_select\" never uses $2 (unused parameter: $2); remove it from \"params\" or use it.",
        ])
        #expect(try messages("""
        query Q @auth(level: PUBLIC) { _select(sql: "SELECT * FROM movie WHERE title = :title") }
        """) == ["The SQL of \"_select\" uses the named parameter \":title\"; use positional parameters $1, $2, ... in the order of \"params\"."])
        #expect(try messages("""
        query Q @auth(level: PUBLIC) { _selectFirst(sql: "SELECT * FROM movie WHERE title = $1") }
        """) == ["The SQL of \"_selectFirst\" uses $1, but \"params\" has 0 values."])
    }

    @Test func forbiddenSQLIsRejected() throws {
        #expect(try messages("""
        query Q @auth(level: PUBLIC) { _select(sql: "DELETE FROM movie") }
        """) == ["\"_select\" runs read-only SQL, which must start with SELECT, TABLE or WITH, not \"DELETE\"; change data with a mutation's \"_execute\"."])
        #expect(try messages("""
        query Q @auth(level: PUBLIC) { _select(sql: "WITH gone AS (DELETE FROM movie RETURNING id) SELECT * FROM gone") }
        """) == ["\"_select\" runs read-only SQL, but this SQL holds \"DELETE\"; change data with a mutation's \"_execute\"."])
        #expect(try messages("""
        mutation M @auth(level: USER) { _execute(sql: "DROP TABLE movie") }
        """) == ["The SQL of \"_execute\" is a DDL statement (\"DROP\"); change the schema in GraphQL (schema.gql) instead."])
        #expect(try messages("""
        mutation M @auth(level: USER) { _execute(sql: "DELETE FROM movie -- everything") }
        """) == ["The SQL of \"_execute\" has a line comment (\"--\"), which Data Connect forbids; use a block comment /* ... */."])
        #expect(try messages("""
        mutation M @auth(level: USER) { _execute(sql: "DELETE FROM movie; DROP TABLE review") }
        """) == ["The SQL of \"_execute\" must hold one statement."])
        #expect(try messages("""
        mutation M @auth(level: USER) { _executeReturning(sql: "WITH n AS (INSERT INTO movie (title) VALUES ('x') RETURNING id) UPDATE movie SET genre = 'y' WHERE id IN (SELECT id FROM n) RETURNING id") }
        """) == ["\"_executeReturning\" does not support data-modifying CTEs (\"WITH ... INSERT\"); use \"_execute\"."])
        #expect(try messages("""
        mutation M @auth(level: USER) { _executeReturningFirst(sql: "DELETE FROM movie") }
        """) == ["\"_executeReturningFirst\" returns the rows of a RETURNING clause, and this SQL has none; add one, or use \"_execute\" for a row count."])
    }

    @Test func expressionsInParamsAreLiterals() throws {
        #expect(try messages("""
        mutation M($e: String!) @auth(level: USER) { _execute(sql: "DELETE FROM review WHERE user_uid = $1", params: [{_expr: $e}]) }
        """) == ["\"_expr\" in \"_execute(params:)\" must be a string literal (a CEL expression such as \"auth.uid\"), not a variable or other value."])
    }

    @Test func anyAcceptsVariablesOfEveryTypeButOtherScalarsDoNot() throws {
        #expect(try messages("""
        query Q($id: UUID!, $ids: [UUID!], $n: Int) @auth(level: PUBLIC) { _select(sql: "SELECT $1, $2, $3", params: [$id, $ids, $n]) }
        """) == [])
        #expect(try messages("""
        query Q($n: Int) @auth(level: PUBLIC) { movies(limit: 1, where: {title: {eq: $n}}) { title } }
        """) == ["Variable \"$n\" of type \"Int\" used in position expecting type \"String\"."])
    }

    @Test func scannerFindsParametersOutsideLiteralsAndComments() {
        let text = NativeSQLText("SELECT $1, '$2', \"$3\", /* $4 /* nested */ $5 */ $$ $6 $$, $tag$ $7 $tag$, E'it\\'s $8', x::int, $10 FROM t")
        #expect(text.parameters.map(\.number) == [1, 10])
        #expect(text.namedParameters == [])
        #expect(!text.hasLineComment && !text.hasSeveralStatements && !text.isUnterminated)
        #expect(text.rewritingParameters { "?\($0)" } == "SELECT ?1, '$2', \"$3\", /* $4 /* nested */ $5 */ $$ $6 $$, $tag$ $7 $tag$, E'it\\'s $8', x::int, ?10 FROM t")
        #expect(NativeSQLText("SELECT 'open").isUnterminated)
        #expect(NativeSQLText("SELECT 1; ").hasSeveralStatements == false)
        #expect(NativeSQLText("SELECT a ? b").hasQuestionMark)
        #expect(NativeSQLText("SELECT $name").namedParameters == ["$name"])
    }
}
