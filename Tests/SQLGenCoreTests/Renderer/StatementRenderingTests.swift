import Testing
@testable import SQLGenCore

/// The statements and expressions of the structured model, rendered as the generator writes them.
@Suite struct StatementRenderingTests {
    /// The text of `body` as the body of `func f()`, without the function's own lines.
    private func rendered(_ body: [SwiftStatement]) -> String {
        let text = SwiftRenderer.render(SwiftFile(path: "x", declarations: [.function(SwiftFunction(access: nil, kind: .function(name: "f"), body: body))]))
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(2)
            .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
    }

    @Test func bindingsAssignmentsAndCalls() {
        let encoder = SwiftExpression.identifier("encoder").dot("container").call([("keyedBy", .metatype("MemberKey"))])
        let text = rendered([
            .binding(.var, name: "container", value: encoder),
            .assignment(target: .identifier("_"), value: encoder),
            .assignSelf("id"),
            .expression(.tryExpression(SwiftExpression.identifier("container").dot("encode").call([(nil, SwiftExpression.selfValue.dot("_limit")), ("forKey", .string("limit"))]))),
            .expression(SwiftExpression.optionalChain(.identifier("optionalFields")).call([(nil, .prefix("&", .selfValue))])),
            .binding(.let, name: "ids", value: .array([.integer(1), .literal(.double(2.5)), .nilLiteral, .literal(.boolean(true))])),
            .returnStatement(SwiftExpression.identifier("ref").call().dot("execute").call().tryAwait),
        ])
        #expect(text == """
        var container = encoder.container(keyedBy: MemberKey.self)
        _ = encoder.container(keyedBy: MemberKey.self)
        self.id = id
        try container.encode(self._limit, forKey: "limit")
        optionalFields?(&self)
        let ids = [1, 2.5, nil, true]
        return try await ref().execute()
        """)
    }

    @Test func guardIfAndThrow() {
        let host = SwiftCondition.optionalBinding(name: "host", value: .subscriptOf(.identifier("environment"), [SwiftArgument(nil, .string("AEM_HOST"))]))
        let text = rendered([
            .guardStatement(conditions: [host, .expression(.prefix("!", SwiftExpression.identifier("host").dot("isEmpty")))], elseBody: [.returnStatement(nil)]),
            .guardStatement(conditions: [.optionalBinding(name: "endpoint", value: nil)], elseBody: [.throwStatement(.identifier("error"))]),
            .ifStatement(conditions: [.expression(SwiftExpression.identifier("response").dot("contains").call([(nil, .string("_path"))]))], body: [.returnStatement(.string("ImageRef"))], alternative: []),
            .ifStatement(conditions: [.expression(.binary(.identifier("a"), "==", .identifier("b")))], body: [.returnStatement(.identifier("a"))], alternative: [.returnStatement(.identifier("b"))]),
        ])
        #expect(text == """
        guard let host = environment["AEM_HOST"], !host.isEmpty else {
            return
        }
        guard let endpoint else {
            throw error
        }
        if response.contains("_path") { return "ImageRef" }
        if a == b {
            return a
        } else {
            return b
        }
        """)
    }

    @Test func doCatchSwitchAndConditionalCompilation() {
        let configuration = SwiftExpression.type("AEMConfiguration").call([("host", .interpolatedString([.expression(.identifier("host")), .text(":\"x\""), .expression(.identifier("port"))]))])
        let text = rendered([
            .doCatch(body: [.returnStatement(.tryExpression(configuration))], catchBody: [.returnStatement(SwiftExpression.type("Failing").call([("error", .identifier("error"))]))]),
            .switchOn(subject: .tryExpression(.binary(.identifier("a"), "??", .identifier("b"))), cases: [
                SwiftSwitchCase(patterns: [.expression(.string("A")), .expression(.string("B"))], body: [.assignment(target: .selfValue, value: .implicitMember("a"))]),
                .defaultCase([.assignment(target: .selfValue, value: SwiftExpression.implicitMember("_unknown").call([(nil, .identifier("b"))]))]),
            ]),
            .conditional(SwiftConditionalBlock(.canImport("Observation"), [.returnStatement(.identifier("observable"))], otherwise: [.returnStatement(.identifier("plain"))])),
            .conditional(SwiftConditionalBlock(.canImport("Combine"), [.expression(SwiftExpression.identifier("subscribe").call())])),
        ])
        #expect(text == #"""
        do {
            return try AEMConfiguration(host: "\(host):\"x\"\(port)")
        } catch {
            return Failing(error: error)
        }
        switch try a ?? b {
        case "A", "B":
            self = .a
        default:
            self = ._unknown(b)
        }
        #if canImport(Observation)
        return observable
        #else
        return plain
        #endif
        #if canImport(Combine)
        subscribe()
        #endif
        """#)
    }

    @Test func valuesOfDeclarations() {
        let file = SwiftFile(path: "x", declarations: [
            .variable(SwiftVariable(isStatic: true, isLet: true, name: "document", type: nil, initialValue: .literal(.multilineString("query { a }\n\"\"\"#")))),
            .function(SwiftFunction(kind: .function(name: "run"), parameters: [
                SwiftParameter(name: "isolation", type: "isolated (any Actor)?", defaultValue: .macro("isolation")),
                SwiftParameter(name: "policy", type: "Policy", defaultValue: .implicitMember("preferCache")),
            ], body: [.expression(SwiftExpression.identifier("go").call())])),
            .variable(SwiftVariable(name: "first", type: "Int", getter: [.expression(.subscriptOf(.identifier("__record"), [SwiftArgument(nil, .integer(0))]))])),
        ])
        #expect(SwiftRenderer.render(file) == ###"""
        public static let document = ##"""
        query { a }
        """#
        """##

        public func run(isolation: isolated (any Actor)? = #isolation, policy: Policy = .preferCache) {
            go()
        }

        public var first: Int { __record[0] }

        """###)
    }
}
