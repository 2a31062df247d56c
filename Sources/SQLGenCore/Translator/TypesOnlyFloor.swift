extension SDKTranslator {
    /// The package `benchmarks/compile-generated.sh` compiles beside the SDK as its floor: the same
    /// result structs (names, nesting, stored properties) with no conformances, methods or
    /// operation classes: the types an SDK cannot do without. Each operation's structs sit in an
    /// empty enum named like its class, one file per operation as in the SDK. No `Package.swift`:
    /// the benchmark copies the SDK's.
    @_spi(Benchmarks) public func typesOnlyFiles() -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        let prefix = connectorTypePrefix
        let shared: [(name: String, declarations: [SwiftDeclaration])] = [
            ("Keys", connector.keys.map(translateKey)),
            ("Enums", connector.enums.map(translateEnum)),
        ]
        for (name, declarations) in shared where !declarations.isEmpty {
            files.append(floorFile("Sources/\(prefix)\(name).swift", declarations.compactMap(Self.typesOnly)))
        }
        for operation in connector.operations {
            let name = operationClassName(operation)
            let namespace = SwiftTypeDeclaration(name: name, members: Self.typesOnly(translateSelection(operation.data)).map { [$0] } ?? [])
            files.append(floorFile("Sources/Operations/\(name).swift", [.enumeration(namespace)]))
        }
        return files.sorted { $0.path < $1.path }
    }

    private func floorFile(_ path: String, _ declarations: [SwiftDeclaration]) -> GeneratedFile {
        let imports = [SwiftImport("Foundation"), SwiftImport(Runtime.module)] + connector.settings.extraImports.map { SwiftImport($0) }
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
}
