/// The result types of an SDK in the forms the benchmarks compare.
@_spi(Benchmarks) public enum ResultTypesVariant: Sendable {
    /// Stored properties only, no conformances or methods: the types an SDK needs at the least
    /// (`benchmarks/compile-generated.sh` compiles it beside the SDK as its floor).
    case typesOnly
    /// As the SDK declares them.
    case generated
    /// Stored properties with the compiler-synthesized `Decodable` that generated code used
    /// before `ResponseDecodable` (the reference of `benchmarks/decode-generated.sh`).
    case synthesizedDecodable
}

extension SDKTranslator {
    /// Each operation's `Data` in an empty enum named like its class (in the SDK's files), with the
    /// connector's keys and enums. No `Package.swift`.
    @_spi(Benchmarks) public func resultTypeFiles(_ variant: ResultTypesVariant) -> [GeneratedFile] {
        let transform: (SwiftDeclaration) -> SwiftDeclaration? = switch variant {
        case .typesOnly: Self.typesOnly
        case .generated: { $0 }
        case .synthesizedDecodable: Self.synthesizedDecodable
        }
        var files: [GeneratedFile] = []
        let shared: [(name: String, declarations: [SwiftDeclaration])] = [
            ("Keys", connector.keys.map(translateKey)),
            ("Enums", connector.enums.map(translateEnum)),
        ]
        for (name, declarations) in shared where !declarations.isEmpty {
            let kept = variant == .typesOnly ? declarations.compactMap(Self.typesOnly) : declarations
            files.append(resultTypesFile("Sources/\(connectorTypePrefix)\(name).swift", kept))
        }
        let storage: ResultStorage = variant == .generated ? .record : .stored
        let groups = operationGroups
        let operationFiles = connector.operations.map { operation in
            let namespace = SwiftTypeDeclaration(name: operationClassName(operation), members: transform(translateSelection(operation.data, storage: storage)).map { [$0] } ?? [])
            return resultTypesFile(groups.path(of: operation.name), [.enumeration(namespace)])
        }
        files += groupFiles(operationFiles, join: GeneratedFile.joining)
        return files.sorted { $0.path < $1.path }
    }

    /// `ListMoviesQuery`: the name of the operation's class, and of its namespace in these files.
    @_spi(Benchmarks) public func className(of operation: OperationIR) -> String {
        operationClassName(operation)
    }

    private func resultTypesFile(_ path: String, _ declarations: [SwiftDeclaration]) -> GeneratedFile {
        let imports = [SwiftImport("Foundation"), SwiftImport(Runtime.module)] + connector.info.settings.extraImports.map { SwiftImport($0) }
        return GeneratedFile(path: path, contents: SwiftRenderer.render(SwiftFile(path: path, imports: imports, declarations: declarations)))
    }

    /// Types and their stored properties and enum cases, without conformances or anything else.
    private static func typesOnly(_ declaration: SwiftDeclaration) -> SwiftDeclaration? {
        func stripped(_ type: SwiftTypeDeclaration) -> SwiftTypeDeclaration {
            SwiftTypeDeclaration(name: type.name, members: type.members.compactMap(typesOnly))
        }
        switch declaration {
        case .structure(let type) where type.access == .private, .enumeration(let type) where type.access == .private:
            return nil
        case .structure(let type): return .structure(stripped(type))
        case .enumeration(let type): return .enumeration(stripped(type))
        case .enumCase: return declaration
        case .variable(let variable) where variable.getter == nil && !variable.isStatic && variable.initialValue == nil:
            return .variable(SwiftVariable(name: variable.name, type: variable.type))
        default: return nil
        }
    }

    /// Stored structs as they are (`Decodable` synthesized); interfaces and unions with the
    /// `init(from:)` that reads `__typename` through a `CodingKey` enum of its own.
    private static func synthesizedDecodable(_ declaration: SwiftDeclaration) -> SwiftDeclaration? {
        switch declaration {
        case .structure(var type):
            type.conformances.removeAll { $0 == Runtime.responseDecodable }
            type.members = type.members.compactMap(synthesizedDecodable)
            return .structure(type)
        case .enumeration(var type) where type.conformances.contains(Runtime.responseDecodable):
            type.conformances.removeAll { $0 == Runtime.responseDecodable }
            type.members = type.members.flatMap(typeNameDecoder).compactMap(synthesizedDecodable)
            return .enumeration(type)
        case .function(let function) where isResponseDecoder(function):
            return nil
        default:
            return declaration
        }
    }

    /// An abstract selection's `init(response:)` as an `init(from:)` over a `TypeNameKey` enum.
    private static func typeNameDecoder(_ member: SwiftDeclaration) -> [SwiftDeclaration] {
        guard case .function(let function) = member, isResponseDecoder(function),
              case .switchOn(_, let cases)? = function.body.first else { return [member] }
        let fromDecoder = cases.map { item in
            SwiftSwitchCase(patterns: item.patterns, body: item.body.map { statement in
                guard case .assignment(let target, let value) = statement else { return statement }
                return .assignment(target: target, value: decodingFromDecoder(value))
            })
        }
        let decoder = SwiftExpression.identifier("decoder")
        let typeName = decoder.dot("container").call([("keyedBy", .metatype("TypeNameKey"))])
            .dot("decode").call([(nil, .metatype("String")), ("forKey", .implicitMember("__typename"))])
        return [
            .enumeration(SwiftTypeDeclaration(access: .private, name: "TypeNameKey", conformances: ["String", "CodingKey"], members: [.enumCase(name: "__typename", payload: nil)])),
            .function(SwiftFunction(kind: .initializer(failable: false), parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], throwsKeyword: "throws", body: [
                .binding(.let, name: "typeName", value: .tryExpression(typeName)),
                .switchOn(subject: .identifier("typeName"), cases: fromDecoder),
            ])),
        ]
    }

    /// `AsFilm(response: response)` as `AsFilm(from: decoder)`, wherever it is in `expression`.
    private static func decodingFromDecoder(_ expression: SwiftExpression) -> SwiftExpression {
        switch expression {
        case .call(let callee, let arguments) where arguments.count == 1 && arguments[0].label == Runtime.responseLabel:
            return .call(callee, [SwiftArgument("from", .identifier("decoder"))])
        case .call(let callee, let arguments):
            return .call(callee, arguments.map { SwiftArgument($0.label, decodingFromDecoder($0.value)) })
        case .tryExpression(let operand):
            return .tryExpression(decodingFromDecoder(operand))
        default:
            return expression
        }
    }

    private static func isResponseDecoder(_ function: SwiftFunction) -> Bool {
        guard case .initializer = function.kind else { return false }
        return function.parameters.first?.type == Runtime.responseObject
    }
}
