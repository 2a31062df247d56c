/// The files of a generated package besides the operations' own, from earlier runs of a session:
/// each is made again only when what it is made from changed, so a one-operation change does not
/// render the whole client, README, enums and input objects again.
final class SharedFilesCache {
    /// The connector without its operations, enums, input objects and keys.
    private var outline: ConnectorIR?
    private var manifest: GeneratedFile?
    private var client: (operations: [OperationName], file: GeneratedFile)?
    /// In the order of the last run's operations, and the README they made.
    private var readmeSections: [(key: ReadmeKey, text: String)] = []
    private var readmeFile: GeneratedFile?
    private var keys: (keys: [KeyIR], file: GeneratedFile?)?
    private var enums: (enums: [EnumIR], file: GeneratedFile?)?
    private var inputs: (inputs: [InputObjectIR], file: GeneratedFile?)?

    private struct OperationName: Hashable {
        var name: String
        var kind: OperationIR.Kind
    }

    /// What an operation's README section is made from.
    private struct ReadmeKey: Equatable {
        var name: OperationName
        var variables: [VariableIR]
    }

    func files(_ translator: SDKTranslator) -> [GeneratedFile] {
        let connector = translator.connector
        var outline = connector
        (outline.operations, outline.enums, outline.inputObjects, outline.keys) = ([], [], [], [])
        if outline != self.outline {
            (self.outline, manifest, client, readmeSections, readmeFile, keys, enums, inputs) = (outline, nil, nil, [], nil, nil, nil, nil)
        }
        let manifest = self.manifest ?? translator.manifestFile()
        self.manifest = manifest
        let names = connector.operations.map { OperationName(name: $0.name, kind: $0.kind) }
        if client?.operations != names { client = (names, translator.clientFile()) }
        if keys?.keys != connector.keys { keys = (connector.keys, translator.keysFile()) }
        if enums?.enums != connector.enums { enums = (connector.enums, translator.enumsFile()) }
        if inputs?.inputs != connector.inputObjects { inputs = (connector.inputObjects, translator.inputsFile()) }
        return [manifest, readme(translator, names: names), client?.file, keys?.file, enums?.file, inputs?.file].compactMap { $0 }
    }

    /// The README; while every operation's section is as in the last run, the same file (whose
    /// contents, sharing storage, later compare at once).
    private func readme(_ translator: SDKTranslator, names: [OperationName]) -> GeneratedFile {
        let operations = translator.connector.operations
        if let readmeFile, sectionsAreKept(operations, names: names) { return readmeFile }
        var sections: [(key: ReadmeKey, text: String)] = []
        sections.reserveCapacity(names.count)
        var byName: [String: (key: ReadmeKey, text: String)]?
        for (index, (operation, name)) in zip(operations, names).enumerated() {
            // Operations from the IR cache share their variables' storage, so this compare is quick.
            let key = ReadmeKey(name: name, variables: operation.variables)
            if index < readmeSections.count, readmeSections[index].key == key {
                sections.append(readmeSections[index])
                continue
            }
            if byName == nil { byName = Dictionary(readmeSections.map { ($0.key.name.name, $0) }, uniquingKeysWith: { _, last in last }) }
            if let known = byName?[name.name], known.key == key {
                sections.append(known)
            } else {
                sections.append((key, translator.readmeSection(operation)))
            }
        }
        readmeSections = sections
        var text = translator.readmeHeader()
        for section in sections { text += section.text }
        let file = GeneratedFile(path: "README.md", contents: text)
        readmeFile = file
        return file
    }

    /// Whether every operation's section is the last run's, at the same place.
    private func sectionsAreKept(_ operations: [OperationIR], names: [OperationName]) -> Bool {
        // Operations from the IR cache share their variables' storage, so this compare is quick.
        names.count == readmeSections.count && zip(operations, names).enumerated().allSatisfy { index, pair in
            readmeSections[index].key.name == pair.1 && readmeSections[index].key.variables == pair.0.variables
        }
    }
}
