// A variable that only a CEL expression reads (`vars.x`, `request.variables.x`) is used: Data
// Connect's own documentation declares variables read only by `@auth(expr:)`.

import Testing
import SQLGenLanguage
@testable import SQLGenDataConnect
import SQLGenSchema

@Suite struct DataConnectExpressionVariablesTests {
    static let sdl = """
    type User @table(key: "uid") { uid: String! name: String }
    type Post @table { author: User! title: String! createdAt: Timestamp! }
    """

    private func messages(_ operation: String) throws -> [String] {
        let built = DataConnectDialect.buildSchema([try Parser.parse(Source(Self.sdl))])
        #expect(built.errors.map(\.message) == [])
        return validate(schema: built.schema, document: try Parser.parse(Source(operation)), rules: DataConnectDialect.operationRules).map(\.message)
    }

    @Test func variablesReadByOperationExpressionsAreUsed() throws {
        #expect(try messages("""
        mutation StringType($v: String!) @auth(expr: "vars.v == 'hello'") { post_deleteMany(all: true) }
        mutation Update($id: UUID!, $status: Any) @auth(expr: "has(request.variables.status) && vars['id'] != null") { post_deleteMany(all: true) }
        """) == [])
    }

    @Test func variablesReadByCheckAndServerValueExpressionsAreUsed() throws {
        #expect(try messages("""
        fragment Checked on Query { user(key: {uid: "a"}) @check(expr: "this != null && vars.who == this.uid") { uid } }
        query Q($who: String!) @auth(level: PUBLIC) { ...Checked }
        mutation M($title: String!, $who: String!) @auth(level: USER) {
          post_insert(data: { title: $title, createdAt_expr: "request.time", author: { uid_expr: "vars.who" } })
        }
        """) == [])
    }

    @Test func plainStringsAndOtherIdentifiersDoNotCount() throws {
        #expect(try messages("""
        mutation A($v: String!) @auth(level: PUBLIC) { post_insert(data: { title: "vars.v", createdAt_expr: "request.time", author: { uid: "x" } }) }
        mutation B($w: String!) @auth(expr: "myvars.w == 1 || x.vars.w == 2 || 'vars.w' == auth.uid") { post_deleteMany(all: true) }
        """) == [
            "Variable \"$v\" is never used in operation \"A\".",
            "Variable \"$w\" is never used in operation \"B\".",
        ])
    }

    @Test(arguments: [
        ("vars.a && vars.b_2", ["a", "b_2"]),
        ("request.variables.c == vars[\"d\"] || vars['e']", ["c", "d", "e"]),
        ("request.vars.f || foo.vars.g || 'vars.h' || \"it's vars.i\"", []),
        ("vars. || vars[ || vars['", []),
    ])
    func expressionScanning(expression: String, names: [String]) {
        #expect(ExpressionVariableReferences.variableNames(inExpression: expression) == Set(names))
    }
}
