import SQLGenLanguage

/// An SDL definition with a description and applied directives: a field, an argument or input
/// field, an enum value.
protocol DescribedDefinition: Sendable {
    var description: StringValue? { get }
    var directives: [Directive] { get }
}

extension FieldDefinition: DescribedDefinition {}
extension InputValueDefinition: DescribedDefinition {}
extension EnumValueDefinition: DescribedDefinition {}

/// Where a field, argument or enum value finds its definition, description, directives and
/// deprecation.
///
/// Built from SDL, it shares its type's array of definitions and reads the parts from
/// `nodes[index]` when asked: storing copies would cost a retain each when the model object is
/// made and a release when it is freed, for every field of a large schema. Built through a public
/// initializer, it keeps what it was given in a `GivenParts` box.
struct DefinitionParts<Node: DescribedDefinition>: Sendable {
    private let nodes: [Node]
    private let index: Int
    private let given: GivenParts?

    /// The parts of `nodes[index]`.
    init(nodes: [Node], index: Int) {
        self.nodes = nodes
        self.index = index
        self.given = nil
    }

    /// Parts given explicitly, with an optional definition.
    init(description: String?, deprecationReason: String?, directives: [Directive], astNode: Node?) {
        self.nodes = astNode.map { [$0] } ?? []
        self.index = 0
        self.given = GivenParts(description: description, deprecationReason: deprecationReason, directives: directives)
    }

    var astNode: Node? {
        index < nodes.count ? nodes[index] : nil
    }

    var description: String? {
        if let given { return given.description }
        return index < nodes.count ? nodes[index].description?.value : nil
    }

    var directives: [Directive] {
        if let given { return given.directives }
        return index < nodes.count ? nodes[index].directives : []
    }

    /// The `@deprecated(reason:)` reason (`"No longer supported"` when none is given); nil when
    /// not deprecated.
    var deprecationReason: String? {
        if let given { return given.deprecationReason }
        let directives = self.directives
        return directives.isEmpty ? nil : AppliedDirectiveValues.deprecationReason(directives)
    }
}

/// What a public initializer of a field, argument or enum value was given.
final class GivenParts: Sendable {
    let description: String?
    let deprecationReason: String?
    let directives: [Directive]

    init(description: String?, deprecationReason: String?, directives: [Directive]) {
        self.description = description
        self.deprecationReason = deprecationReason
        self.directives = directives
    }
}
