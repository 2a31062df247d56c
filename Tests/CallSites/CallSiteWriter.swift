import SQLGenCore

/// The Swift file that calls every operation of one generated SDK from each isolation context.
///
/// Each context's closures touch state isolated to that context (a main-actor static, an actor's
/// property, a local variable), so a generated signature that sends the closure elsewhere fails
/// to compile. Calls go through a transport that answers `{"data": null}` (CallSiteSupport.swift),
/// so the file also runs, which catches runtime isolation traps.
struct CallSiteWriter {
    let connector: ConnectorIR
    private let names: GeneratedNames
    private let values: PlaceholderValues

    init(connector: ConnectorIR) {
        self.connector = connector
        names = GeneratedNames(connector: connector)
        values = PlaceholderValues(connector: connector)
    }

    private var namespace: String { connector.info.packageName + "CallSites" }

    func file() -> String {
        let type = names.connectorClass
        return """
        // Written by sqlgen-callsites: every operation of \(connector.info.packageName), called from every
        // isolation context an app calls from.
        import Foundation
        import SQLConnect
        import \(connector.info.packageName)

        enum \(namespace) {
            @MainActor static var mainActorTouches = 0

            static func connector() -> \(type) {
                \(type)(dataConnect: DataConnect(connectorConfig: \(type).connectorConfig, transport: NullDataTransport()))
            }

            static func runAll() async throws {
                let connector = connector()
                try await fromMainActor(connector)
                try await Worker().run(connector)
                try await fromNonisolated(connector)
                try await fromDetachedTask(connector)
            }

            @MainActor static func fromMainActor(_ connector: \(type)) async throws {
        \(calls(touch: "mainActorTouches += 1", indent: 8))
            }

            actor Worker {
                var touches = 0

                func run(_ connector: \(type)) async throws {
        \(calls(touch: "self.touches += 1", indent: 12))
                }
            }

            static func fromNonisolated(_ connector: \(type)) async throws {
                var touches = 1
                touches += 1
        \(calls(touch: "touches += 1", indent: 8))
                _ = touches
            }

            static func fromDetachedTask(_ connector: \(type)) async throws {
                try await Task.detached { () async throws -> Void in
                    var touches = 1
                    touches += 1
        \(calls(touch: "touches += 1", indent: 12))
                    _ = touches
                }.value
            }
        }

        """
    }

    /// The statements that call each operation: `execute` with and without the closure, `ref`
    /// and its `execute`, and `Variables` built alone.
    private func calls(touch: String, indent: Int) -> String {
        var lines: [String] = []
        for operation in connector.operations {
            lines += operationCalls(operation, touch: touch)
        }
        if lines.isEmpty { lines = ["_ = connector"] }
        let padding = String(repeating: " ", count: indent)
        return lines.map { padding + $0 }.joined(separator: "\n")
    }

    private func operationCalls(_ operation: OperationIR, touch: String) -> [String] {
        let property = "connector." + names.operationProperty(operation)
        let required = operation.variables.filter(\.isRequired).map { "\($0.name): \(values.value($0.type))" }
        let optional = operation.variables.filter { !$0.isRequired }
        let closure = optional.isEmpty ? "" : " { vars in \(touch); " + optional.map { "vars.\(SwiftNaming.identifier($0.name)) = \(values.value($0.type))" }.joined(separator: "; ") + " }"
        let arguments = required.joined(separator: ", ")
        let policy = operation.kind == .query ? (["fetchPolicy: .serverOnly"] + required).joined(separator: ", ") : arguments
        let variablesType = names.operationClass(operation) + ".Variables"
        return [
            "do {",
            "    let result = try await \(property).execute(\(arguments))\(closure)",
            "    _ = (result.data, result.source)",
            "    _ = try await \(property).execute(\(policy))",
            "    let ref = \(property).ref(\(arguments))\(closure)",
            "    _ = try await ref.execute()",
            "    _ = \(variablesType)(\(arguments))\(closure)",
            "}",
        ]
    }
}
