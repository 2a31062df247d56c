// Lookups by name on directives, for the dialects that read their own directives' arguments.

extension Directive {
    /// The value of the argument `name`, if given.
    public func argument(_ name: String) -> Value? {
        arguments.first { $0.name.value == name }?.value
    }
}

extension Array where Element == Directive {
    /// The first directive called `name`.
    public func first(named name: String) -> Directive? { first { $0.name.value == name } }
}
