// A recursive-descent parser for CEL (github.com/google/cel-spec, langdef.md grammar):
//   Expr     = Or ["?" Or ":" Expr]
//   Or       = And {"||" And}          And = Relation {"&&" Relation}
//   Relation = Addition {Relop Addition}   (one precedence level, left associative)
//   Addition = Mult {("+"|"-") Mult}   Mult = Unary {("*"|"/"|"%") Unary}
//   Unary    = Member | "!"... Member | "-"... Member
//   Member   = Primary {"." IDENT ["(" args ")"] | "[" Expr "]"}
// Nesting is capped so hostile input cannot exhaust the stack: brackets, unary operators and each
// link of an operator or member chain (`a || b || c` is a tree as deep as it is long) count.

struct CELParser {
    private let tokens: [(token: CELToken, position: Int)]
    private var index = 0
    private var depth = 0
    static let maxDepth = 64
    /// Long operator chains build deep trees too: the token count bounds them.
    static let maxTokens = 1_000

    /// Parses a whole expression; trailing tokens are an error.
    static func parse(_ text: String) throws(CELError) -> CELExpression {
        let tokens = try CELLexer.tokenize(text, limit: maxTokens)
        if tokens.count > maxTokens { throw CELError("The expression is too long (more than \(maxTokens) tokens)", at: tokens[maxTokens].position) }
        var parser = CELParser(tokens: tokens)
        if parser.current == .end { throw CELError("The expression is empty", at: 0) }
        let expression = try parser.expression()
        guard parser.current == .end else { throw CELError("Unexpected \(parser.describe(parser.current)) after the expression", at: parser.position) }
        return expression
    }

    private init(tokens: [(token: CELToken, position: Int)]) { self.tokens = tokens }

    private var current: CELToken { tokens[min(index, tokens.count - 1)].token }
    private var position: Int { tokens[min(index, tokens.count - 1)].position }

    private func describe(_ token: CELToken) -> String {
        switch token {
        case .int(let value): return "number \(value == .min ? "9223372036854775808" : String(value))"
        case .double(let value): return "number \(value)"
        case .string: return "string"
        case .bytes: return "bytes"
        case .identifier(let name): return "\"\(name)\""
        case .symbol(let symbol): return "\"\(symbol)\""
        case .end: return "end of expression"
        }
    }

    private mutating func advance() { index += 1 }

    private mutating func accept(_ symbol: String) -> Bool {
        if current == .symbol(symbol) {
            advance()
            return true
        }
        return false
    }

    private mutating func expect(_ symbol: String) throws(CELError) {
        guard accept(symbol) else { throw CELError("Expected \"\(symbol)\" but found \(describe(current))", at: position) }
    }

    private mutating func nested<T>(_ body: (inout CELParser) throws(CELError) -> T) throws(CELError) -> T {
        try deepen()
        defer { depth -= 1 }
        return try body(&self)
    }

    /// One level deeper; the caller restores `depth` (chains restore it once, at their end).
    private mutating func deepen() throws(CELError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw CELError("The expression nests more than \(Self.maxDepth) levels", at: position) }
    }

    private mutating func expression() throws(CELError) -> CELExpression {
        try nested { (parser: inout CELParser) throws(CELError) -> CELExpression in
            let condition = try parser.binary(level: 0)
            let at = parser.position
            guard parser.accept("?") else { return condition }
            let then = try parser.binary(level: 0)
            try parser.expect(":")
            let otherwise = try parser.expression()
            return CELExpression(.conditional(condition, then, otherwise), at: at)
        }
    }

    /// The binary operators by precedence, loosest first (`in` is the one spelled as an identifier).
    private static let binaryLevels: [[String]] = [["||"], ["&&"], ["==", "!=", "<", "<=", ">", ">=", "in"], ["+", "-"], ["*", "/", "%"]]

    /// A left-associative chain of the operators of `level`, whose operands are chains of the
    /// tighter levels (past the last one, unary expressions).
    private mutating func binary(level: Int) throws(CELError) -> CELExpression {
        guard level < Self.binaryLevels.count else { return try unary() }
        var left = try binary(level: level + 1)
        let chainStart = depth
        defer { depth = chainStart }
        while let op = binaryOperator(at: level) {
            let at = position
            advance()
            try deepen()
            left = CELExpression(.binary(op, left, try binary(level: level + 1)), at: at)
        }
        return left
    }

    /// The current token as an operator of `level`, or nil.
    private func binaryOperator(at level: Int) -> String? {
        let op: String
        switch current {
        case .symbol(let symbol): op = symbol
        case .identifier("in"): op = "in"
        default: return nil
        }
        return Self.binaryLevels[level].contains(op) ? op : nil
    }

    private mutating func unary() throws(CELError) -> CELExpression {
        if case .symbol(let symbol) = current, symbol == "!" || symbol == "-" {
            let at = position
            advance()
            // `-9223372036854775808` is the one literal that only exists negated.
            if symbol == "-", case .int(let value) = current {
                advance()
                // The lexer gives 2^63 as Int64.min: negated, it is exactly that.
                return try member(CELExpression(.literal(.int(value == .min ? .min : -value)), at: at))
            }
            let operand = try nested { (parser: inout CELParser) throws(CELError) in try parser.unary() }
            return CELExpression(.unary(symbol, operand), at: at)
        }
        return try member(try primary())
    }

    private mutating func member(_ start: CELExpression) throws(CELError) -> CELExpression {
        var result = start
        let chainStart = depth
        defer { depth = chainStart }
        while true {
            let at = position
            if current == .symbol(".") || current == .symbol("[") { try deepen() }
            if accept(".") {
                guard case .identifier(let name) = current else { throw CELError("Expected a field name after \".\" but found \(describe(current))", at: position) }
                advance()
                if accept("(") {
                    result = CELExpression(.call(target: result, name: name, arguments: try arguments(closing: ")")), at: at)
                } else {
                    result = CELExpression(.select(result, name), at: at)
                }
            } else if accept("[") {
                let index = try expression()
                try expect("]")
                result = CELExpression(.index(result, index), at: at)
            } else {
                return result
            }
        }
    }

    private mutating func arguments(closing: String) throws(CELError) -> [CELExpression] {
        var items: [CELExpression] = []
        if accept(closing) { return items }
        repeat {
            if current == .symbol(closing) { break }
            items.append(try expression())
        } while accept(",")
        try expect(closing)
        return items
    }

    private mutating func primary() throws(CELError) -> CELExpression {
        let at = position
        switch current {
        case .int(let value):
            guard value != .min else { throw CELError("The integer 9223372036854775808 does not fit in 64 bits", at: at) }
            advance()
            return CELExpression(.literal(.int(value)), at: at)
        case .double(let value):
            advance()
            return CELExpression(.literal(.double(value)), at: at)
        case .string(let text):
            advance()
            return CELExpression(.literal(.string(text)), at: at)
        case .bytes(let octets):
            advance()
            return CELExpression(.bytes(octets), at: at)
        case .identifier(let name):
            advance()
            switch name {
            case "true": return CELExpression(.literal(.bool(true)), at: at)
            case "false": return CELExpression(.literal(.bool(false)), at: at)
            case "null": return CELExpression(.literal(.null), at: at)
            case "in": throw CELError("Unexpected \"in\"", at: at)
            default: break
            }
            if accept("(") {
                return CELExpression(.call(target: nil, name: name, arguments: try arguments(closing: ")")), at: at)
            }
            return CELExpression(.identifier(name), at: at)
        case .symbol("("):
            advance()
            let inner = try expression()
            try expect(")")
            return inner
        case .symbol("["):
            advance()
            return CELExpression(.list(try nested { (parser: inout CELParser) throws(CELError) in try parser.arguments(closing: "]") }), at: at)
        case .symbol("{"):
            advance()
            return CELExpression(.map(try nested { (parser: inout CELParser) throws(CELError) in try parser.mapEntries() }), at: at)
        case .symbol("."):
            throw CELError("Leading \".\" (qualified names) is not supported", at: at)
        default:
            throw CELError("Unexpected \(describe(current))", at: at)
        }
    }

    private mutating func mapEntries() throws(CELError) -> [(key: CELExpression, value: CELExpression)] {
        var entries: [(key: CELExpression, value: CELExpression)] = []
        if accept("}") { return entries }
        repeat {
            if current == .symbol("}") { break }
            let key = try expression()
            try expect(":")
            entries.append((key, try expression()))
        } while accept(",")
        try expect("}")
        return entries
    }
}
