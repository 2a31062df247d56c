/// Parameters of generated initializers and methods: labelled with the GraphQL name, and named
/// differently inside the body when that name would shadow what generated bodies refer to.
enum ParameterNames {
    /// Names generated bodies use: a variable called `ref` must not hide the `ref(...)` method,
    /// nor one called `Data` the `Data` struct.
    private static let bodyNames: Set<String> = [
        "ref", "execute", "variables", "fetchPolicy", "isolation", "optionalVariables", "optionalFields",
        "dataConnect", "document", "OperationName", "Data", "Variables", "Ref",
    ]

    /// `genre: String`, or `ref _ref: String` when `ref` is taken, `where _where: String` for keywords.
    static func parameter(_ name: String, type: String) -> SwiftParameter {
        let label = self.label(name)
        let inner = innerName(name)
        return SwiftParameter(label: inner == label ? nil : label, name: inner, type: type)
    }

    /// The parameter's name inside the body.
    static func innerName(_ name: String) -> String {
        bodyNames.contains(name) || SwiftNaming.keywords.contains(name) ? "_" + name : name
    }

    /// An argument label: any keyword but `inout`, `var` and `let` may label an argument as it is.
    static func label(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`" + name + "`" : name
    }

    /// `genre: genre`, forwarding the parameter to a call labelled the same.
    static func argument(_ name: String) -> SwiftArgument {
        SwiftArgument(label(name), .identifier(innerName(name)))
    }

    /// `self.genre = genre` in an initializer.
    static func assignment(_ name: String) -> SwiftStatement {
        .assignSelf(SwiftNaming.identifier(name), .identifier(innerName(name)))
    }
}
