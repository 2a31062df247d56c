// The syntax tree of a parsed CEL expression.

import SQLGenJSON

/// One node of a CEL expression, with the byte offset of its operator or first token.
struct CELExpression: Sendable {
    indirect enum Kind: Sendable {
        case literal(JSONValue)
        /// `b"..."`: bytes have no JSON form, so they get their own literal.
        case bytes([UInt8])
        case identifier(String)
        /// `operand.field`
        case select(CELExpression, String)
        /// `operand[index]`
        case index(CELExpression, CELExpression)
        /// `name(arguments)` or `target.name(arguments)`; macros (`has`, `exists`...) included.
        case call(target: CELExpression?, name: String, arguments: [CELExpression])
        case list([CELExpression])
        case map([(key: CELExpression, value: CELExpression)])
        /// `!x` or `-x`
        case unary(String, CELExpression)
        /// Arithmetic, comparison, `in`, `&&`, `||`.
        case binary(String, CELExpression, CELExpression)
        /// `condition ? then : else`
        case conditional(CELExpression, CELExpression, CELExpression)
    }

    var kind: Kind
    var position: Int

    init(_ kind: Kind, at position: Int) {
        self.kind = kind
        self.position = position
    }

    /// Whether the expression reads the top-level variable `name` anywhere.
    func references(_ name: String) -> Bool {
        switch kind {
        case .literal, .bytes: return false
        case .identifier(let identifier): return identifier == name
        case .select(let operand, _): return operand.references(name)
        case .index(let operand, let index): return operand.references(name) || index.references(name)
        case .call(let target, _, let arguments): return (target?.references(name) ?? false) || arguments.contains { $0.references(name) }
        case .list(let items): return items.contains { $0.references(name) }
        case .map(let entries): return entries.contains { $0.key.references(name) || $0.value.references(name) }
        case .unary(_, let operand): return operand.references(name)
        case .binary(_, let left, let right): return left.references(name) || right.references(name)
        case .conditional(let condition, let then, let otherwise):
            return condition.references(name) || then.references(name) || otherwise.references(name)
        }
    }
}
