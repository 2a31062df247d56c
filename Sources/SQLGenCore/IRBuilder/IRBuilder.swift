import SQLGenDataConnect
import SQLGenLanguage
import SQLGenSchema

/// Turns validated operations and their schema into the connector's IR.
///
/// Fragments (named, inline, shared across files) are merged into the selections; every struct
/// gets its final, collision-free name here, so the Swift translator makes no naming decisions
/// that need the schema.
public struct IRBuilder {
    public let schema: Schema
    public let scalars: SwiftScalarTypes
    let tableKeys: TableKeys

    /// `tables`: the Data Connect model of the schema, whose keys make results `Identifiable`.
    public init(schema: Schema, scalars: SwiftScalarTypes = SwiftScalarTypes(), tables: DataConnectModel? = nil) {
        self.schema = schema
        self.scalars = scalars
        self.tableKeys = TableKeys(schema: schema, model: tables)
    }

    /// What the connector is called and how its SDK is set up.
    public struct ConnectorInfo: Sendable, Hashable {
        /// The connector id as written in connector.yaml (`friendly-flix`); also the emulator/AEM path segment.
        public var connectorID: String
        /// The Swift package name (`generate.swiftSdk.package`).
        public var packageName: String
        /// Data Connect's service id and location, when known (from dataconnect.yaml).
        public var serviceID: String
        public var location: String
        public var settings: SDKSettings
        /// The server the generated client talks to by default (`sqlgen.backend`).
        public var backend: SQLGenSettings.Backend
        /// For `backend: aem`, the persisted-query configuration (`wknd-shared`).
        public var aemConfiguration: String?
        public init(connectorID: String, packageName: String, serviceID: String = "local", location: String = "local", settings: SDKSettings = .defaults, backend: SQLGenSettings.Backend = .dataconnect, aemConfiguration: String? = nil) {
            self.backend = backend
            self.aemConfiguration = aemConfiguration
            self.connectorID = connectorID
            self.packageName = packageName
            self.serviceID = serviceID
            self.location = location
            self.settings = settings
        }
    }

    /// Builds the IR of every operation of `operations` (validated against this builder's
    /// schema), sorted by name.
    public func build(_ info: ConnectorInfo, operations: ValidatedOperations) -> ConnectorIR {
        build(info, operations: operations, cache: nil)
    }

    /// As `build`; with `cache`, operations whose printed text (with their fragments) was built
    /// before are reused. Each operation then gets a context of its own, recording the enums and
    /// input objects it meets, so the union is what one shared context would have met.
    /// `signatures` may name, by operation, what its text depends on instead (the versions of its
    /// file and of the files whose fragments it spreads), which spares printing it.
    /// With `only`, just those operations are built (keys, and the enums and inputs they use, still are).
    func build(_ info: ConnectorInfo, operations: ValidatedOperations, cache: OperationIRCache?,
               signatures: OperationSignatures = OperationSignatures(), only: Set<String>? = nil) -> ConnectorIR {
        let documents = operations.documents
        let persistedNames = operations.persistedNames
        var fragments: [String: FragmentDefinition] = [:]
        for document in documents {
            for case .fragment(let fragment) in document.definitions { fragments[fragment.name.value] = fragment }
        }
        let named = Self.operationsByName(documents, cache: cache)
        // Building recurses through spreads as deep as validation allowed; operations found in the
        // cache by their signature are not built, and need no measuring.
        var toBuild: [Document] = []
        // Slots found kept here are taken as they are when building.
        var kept = [OperationIRCache.Slot?](repeating: nil, count: cache == nil ? 0 : named.count)
        if cache == nil && only == nil {
            toBuild = documents
        } else {
            var seen: Set<Int> = []
            for (place, entry) in named.enumerated() where entry.buildable && !seen.contains(entry.document) {
                let name = entry.name
                if let only, !only.contains(name) { continue }
                if let cache, let signature = signatures.of(name, document: entry.document),
                   let slot = cache.kept(OperationIRCache.Key(name: name, persistedName: Self.persistedName(name, in: persistedNames), document: signature), at: place) {
                    kept[place] = slot
                    continue
                }
                seen.insert(entry.document)
                toBuild.append(documents[entry.document])
            }
        }
        let nesting = toBuild.isEmpty ? 0 : toBuild.reduce(0) { max($0, $1.nestingDepth) }
            + FragmentNesting.deepest(Self.fragments(reachedFrom: toBuild, in: fragments), limit: .max)
        return DeepStack.run(nesting: nesting) {
            buildOnStack(info, documents: documents, named: named, kept: kept, fragments: fragments, persistedNames: persistedNames, cache: cache, signatures: signatures, only: only)
        }
    }

    private func buildOnStack(_ info: ConnectorInfo, documents: [Document], named: [OperationIRCache.NamedOperation], kept: [OperationIRCache.Slot?], fragments: [String: FragmentDefinition],
                              persistedNames: [String: String], cache: OperationIRCache?, signatures: OperationSignatures, only: Set<String>?) -> ConnectorIR {
        var context = BuildContext(schema: schema, scalars: scalars, tableKeys: tableKeys, fragments: fragments)
        // AEM runs its stored copy of each query, which need not select `__typename`.
        context.typeNameMayBeAbsent = info.backend == .aem
        context.listElementsAreNonOptional = info.backend == .dataconnect
        var results: [OperationIR] = []
        results.reserveCapacity(named.count)
        var enums: [String: EnumIR] = [:]
        var inputObjects: [String: InputObjectIR] = [:]
        for (place, entry) in named.enumerated() where entry.buildable {
            let name = entry.name
            if let only, !only.contains(name) { continue }
            let persistedName = Self.persistedName(name, in: persistedNames)
            // The definition is copied out only when its IR is built or its text printed.
            let operation = { Self.operation(entry, in: documents) }
            guard let cache else {
                results.append(context.operation(operation(), name: name, persistedName: persistedName))
                continue
            }
            let built: OperationIRCache.Slot
            if place < kept.count, let slot = kept[place] {
                built = cache.use(slot, at: place)
            } else {
                let key = OperationIRCache.Key(name: name, persistedName: persistedName, document: signatures.of(name, document: entry.document) ?? context.documentText(operation()))
                built = cache.slot(for: key, at: place) {
                    var own = context
                    let ir = own.operation(operation(), name: name, persistedName: persistedName)
                    return OperationIRCache.Entry(operation: ir, enums: Array(own.enums.values), inputObjects: Array(own.inputObjects.values))
                }
            }
            results.append(built.entry.operation)
            for item in built.entry.enums { enums[item.name] = item }
            for item in built.entry.inputObjects { inputObjects[item.name] = item }
        }
        let keys = tableKeys.tableNames.map { table in
            let fields = tableKeys.key(of: table) ?? []
            return KeyIR(table: table, structName: table + "Key", fieldNames: fields.map(\.name), fieldTypes: fields.map { context.inputType($0.type.nonNullWrapped) })
        }
        enums.merge(context.enums) { current, _ in current }
        inputObjects.merge(context.inputObjects) { current, _ in current }
        return ConnectorIR(
            info: info,
            operations: results,
            enums: enums.values.sorted { $0.name < $1.name },
            inputObjects: inputObjects.values.sorted { $0.name < $1.name },
            keys: keys)
    }

    /// The documents' operations by name, as (name, position) pairs: moving the definitions
    /// themselves costs more. With `cache`, the last run's order while the operations are the same.
    static func operationsByName(_ documents: [Document], cache: OperationIRCache?) -> [OperationIRCache.NamedOperation] {
        var named: [OperationIRCache.NamedOperation] = []
        named.reserveCapacity(documents.count)
        for (documentIndex, document) in documents.enumerated() {
            for (definitionIndex, definition) in document.definitions.enumerated() {
                guard case .operation(let operation) = definition else { continue }
                named.append(OperationIRCache.NamedOperation(name: operation.name?.value ?? "", document: documentIndex, definition: definitionIndex,
                                                             buildable: operation.operation != .subscription && operation.name != nil))
            }
        }
        if let known = cache?.lastOrder, known.unsorted == named { return known.sorted }
        let sorted = named.sorted { $0.name < $1.name }
        cache?.lastOrder = (named, sorted)
        return sorted
    }

    /// The operation definition `entry` names.
    static func operation(_ entry: OperationIRCache.NamedOperation, in documents: [Document]) -> OperationDefinition {
        guard case .operation(let operation) = documents[entry.document].definitions[entry.definition] else {
            preconditionFailure("a named operation's place holds an operation")
        }
        return operation
    }

    /// The name the server knows the operation by (hashing no name when none is renamed).
    static func persistedName(_ name: String, in persistedNames: [String: String]) -> String {
        persistedNames.isEmpty ? name : persistedNames[name] ?? name
    }

    /// The fragments the documents spread, directly or through other fragments: only those can
    /// deepen the building of their operations.
    static func fragments(reachedFrom documents: [Document], in fragments: [String: FragmentDefinition]) -> [String: FragmentDefinition] {
        guard !fragments.isEmpty else { return [:] }
        var reached: [String: FragmentDefinition] = [:]
        var pending: [SelectionSet] = []
        for document in documents {
            for definition in document.definitions {
                switch definition {
                case .operation(let operation): pending.append(operation.selectionSet)
                case .fragment(let fragment): pending.append(fragment.selectionSet)
                default: continue
                }
            }
        }
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .field(let field): if let nested = field.selectionSet { pending.append(nested) }
                case .inlineFragment(let inline): pending.append(inline.selectionSet)
                case .fragmentSpread(let spread):
                    guard reached[spread.name.value] == nil, let fragment = fragments[spread.name.value] else { continue }
                    reached[spread.name.value] = fragment
                    pending.append(fragment.selectionSet)
                }
            }
        }
        return reached
    }
}
