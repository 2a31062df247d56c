import SQLGenLanguage

/// An SDL definition with a name, a description and applied directives: a field, an argument or
/// input field, an enum value.
protocol DescribedDefinition: Sendable {
    var name: Name { get }
    var description: StringValue? { get }
    var directives: [Directive] { get }
}

extension FieldDefinition: DescribedDefinition {}
extension InputValueDefinition: DescribedDefinition {}
extension EnumValueDefinition: DescribedDefinition {}

/// What a `DefinitionStorage` holds besides its records.
struct DefinitionHeader<Node> {
    /// How many records are initialized (all of them once `makeDefinitions` returns).
    var count: Int
    /// The definitions of the records, in the same order (`nodes[i]` defines record `i`): the
    /// type's array from the AST, shared rather than copied. Empty for records made through a
    /// public initializer without a definition.
    let nodes: [Node]
    /// What a public initializer was given; nil for records built from SDL, which read their
    /// description, directives and deprecation from `nodes`.
    let given: GivenParts?
}

/// The fields of one type, the arguments of one field or the values of one enum, in one heap
/// object: `FieldStorage`, `InputValueStorage`, `EnumValueStorage`.
///
/// A large schema has thousands of fields, arguments and enum values: one allocation each was
/// the largest cost of building the GitHub schema. The model's `GraphQLField`, `GraphQLInputValue`
/// and `GraphQLEnumValue` are small values (their storage and a position): copying one is one
/// retain, as copying a class reference was, and a list of them costs one allocation here.
/// Storage is never changed once `makeDefinitions` returns, which is why those values can be
/// `@unchecked Sendable` (`ManagedBuffer` itself is not). Three concrete classes rather than one
/// generic class: making an instance of a generic class looks its metadata up in a hash table.
final class FieldStorage: ManagedBuffer<DefinitionHeader<FieldDefinition>, FieldRecord> {
    deinit { destroyDefinitions() }
}

final class InputValueStorage: ManagedBuffer<DefinitionHeader<InputValueDefinition>, InputValueRecord> {
    deinit { destroyDefinitions() }
}

/// Enum values have only their name of their own.
final class EnumValueStorage: ManagedBuffer<DefinitionHeader<EnumValueDefinition>, String> {
    deinit { destroyDefinitions() }
}

extension FieldStorage: ElementSource {
    func makeElements() -> [GraphQLField] { definitionElements { GraphQLField(self, $0) } }
}

extension InputValueStorage: ElementSource {
    func makeElements() -> [GraphQLInputValue] { definitionElements { GraphQLInputValue(self, $0) } }
}

extension EnumValueStorage: ElementSource {
    func makeElements() -> [GraphQLEnumValue] { definitionElements { GraphQLEnumValue(self, $0) } }
}

extension ManagedBuffer {
    /// `make(0)`, `make(1)`, ... for every record. (`reserveCapacity` and `append` rather than
    /// `Array(unsafeUninitializedCapacity:)`, whose unspecialized path looks the array storage's
    /// generic metadata up on every call when the elements are structs.)
    func definitionElements<Node, Value>(_ make: (Int) -> Value) -> [Value] where Header == DefinitionHeader<Node> {
        let count = withUnsafeMutablePointerToHeader { $0.pointee.count }
        var elements: [Value] = []
        elements.reserveCapacity(count)
        for index in 0..<count { elements.append(make(index)) }
        return elements
    }

    /// Storage of `count` records, record `i` being `make(i)`, defined by `nodes` (or by nothing,
    /// with `given` parts).
    static func makeDefinitions<Node>(count: Int, nodes: [Node], given: GivenParts? = nil, _ make: (Int) -> Element) -> Self
    where Header == DefinitionHeader<Node> {
        // `create` makes an instance of the class it is called on.
        let storage = unsafeDowncast(create(minimumCapacity: count) { _ in DefinitionHeader(count: 0, nodes: nodes, given: given) }, to: self)
        storage.withUnsafeMutablePointers { header, records in
            for index in 0..<count {
                (records + index).initialize(to: make(index))
                header.pointee.count = index + 1
            }
        }
        return storage
    }

    /// Storage of one record made through a public initializer. The given parts are kept only
    /// when there are some: without them (and without a definition) the accessors answer nil
    /// and `[]` anyway.
    static func singleDefinition<Node>(_ record: Element, description: String?, deprecationReason: String?, directives: [Directive], astNode: Node?) -> Self
    where Header == DefinitionHeader<Node> {
        let isPlain = description == nil && deprecationReason == nil && directives.isEmpty && astNode == nil
        let given = isPlain ? nil : GivenParts(description: description, deprecationReason: deprecationReason, directives: directives)
        return makeDefinitions(count: 1, nodes: astNode.map { [$0] } ?? [], given: given) { _ in record }
    }

    /// For `deinit`: the records made so far.
    func destroyDefinitions<Node>() where Header == DefinitionHeader<Node> {
        withUnsafeMutablePointers { header, records in
            _ = records.deinitialize(count: header.pointee.count)
        }
    }

    /// Reads record `index` in place (no copy of the whole record).
    @inline(__always)
    func readRecord<Value>(_ index: Int, _ body: (borrowing Element) -> Value) -> Value {
        withUnsafeMutablePointerToElements { body($0[index]) }
    }

    /// The definition of record `index`, nil when it was made without one.
    func astNode<Node>(_ index: Int) -> Node? where Header == DefinitionHeader<Node> {
        withUnsafeMutablePointerToHeader { header in
            index < header.pointee.nodes.count ? header.pointee.nodes[index] : nil
        }
    }

    /// What a public initializer was given (nil for records built from SDL).
    private func givenParts<Node>() -> GivenParts? where Header == DefinitionHeader<Node> {
        withUnsafeMutablePointerToHeader { $0.pointee.given }
    }

    func description<Node: DescribedDefinition>(_ index: Int) -> String? where Header == DefinitionHeader<Node> {
        if let given = givenParts() { return given.description }
        return astNode(index)?.description?.value
    }

    func directives<Node: DescribedDefinition>(_ index: Int) -> [Directive] where Header == DefinitionHeader<Node> {
        if let given = givenParts() { return given.directives }
        return astNode(index)?.directives ?? []
    }

    /// The `@deprecated(reason:)` reason (`"No longer supported"` when none is given); nil when
    /// not deprecated.
    func deprecationReason<Node: DescribedDefinition>(_ index: Int) -> String? where Header == DefinitionHeader<Node> {
        if let given = givenParts() { return given.deprecationReason }
        let directives = self.directives(index)
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
