import Foundation
import SQLGenLanguage
import SQLGenSchema
@_spi(Benchmarks) import SQLGenCore

/// `sqlgen-bench decode-fixture [--operations N] [--schema FILE] [--folder DIR] [--sqlconnect PATH]`:
/// the package `benchmarks/decode-generated.sh` builds in release to time decoding at run time.
///
/// For N (100) synthetic operations (as `generate` writes them) it writes, into the folder
/// (default `/tmp/sqlgen-bench-decode-N`, replaced): `Sources/NewTypes` (each operation's result
/// types as the SDK declares them), `Sources/OldTypes` (the same types with synthesized
/// `Decodable`, the generated code before `ResponseDecodable`), `responses/<Operation>.json`
/// (one plausible response each) and `Sources/Runner/Cases.swift`, which pairs the two forms of
/// each operation for `benchmarks/decode-generated/main.swift`.
enum DecodeBenchmark {
    static let help = "write the decoding benchmark package: decode-fixture [--operations N] [--schema FILE] [--folder DIR] [--sqlconnect PATH]"

    static func run(_ arguments: [String]) throws {
        let options = try BenchmarkOptions(arguments, valueOptions: ["--operations", "--schema", "--folder", "--sqlconnect"])
        let synthetic = try SyntheticConnector(options, benchmark: "decode", defaultCount: 100)
        let (schema, folder) = (synthetic.schema, synthetic.folder)
        let sqlConnect = absolute(options.values["--sqlconnect"] ?? FileManager.default.currentDirectoryPath) + "/SQLConnect"

        let sources = synthetic.operations.enumerated().map { index, operation in
            Source(operation.text, name: operation.name + ".graphql", id: SourceID(UInt32(index + 1)))
        }
        let validated = try ValidatedOperations.validate(parsing: sources, schema: schema, rules: specifiedRules)
        let info = IRBuilder.ConnectorInfo(connectorID: "github", packageName: "GitHubSDK", backend: .graphql)
        let connector = IRBuilder(schema: schema).build(info, operations: validated)
        let translator = SDKTranslator(connector: connector)

        try? FileManager.default.removeItem(atPath: folder)
        var files = [GeneratedFile(path: "Package.swift", contents: manifest(sqlConnect: sqlConnect))]
        files += translator.resultTypeFiles(.generated).map { GeneratedFile(path: $0.path.replacingOccurrences(of: "Sources/", with: "Sources/NewTypes/"), contents: $0.contents) }
        files += translator.resultTypeFiles(.synthesizedDecodable).map { GeneratedFile(path: $0.path.replacingOccurrences(of: "Sources/", with: "Sources/OldTypes/"), contents: $0.contents) }
        var responses = SyntheticResponses(connector: connector)
        var cases: [String] = []
        for operation in connector.operations {
            let name = translator.className(of: operation)
            files.append(GeneratedFile(path: "responses/\(name).json", contents: responses.body(for: operation)))
            cases.append("    decodeCase(\"\(name)\", NewTypes.\(name).Data.self, OldTypes.\(name).Data.self),")
        }
        let casesFile = "import NewTypes\nimport OldTypes\n\n/// Each operation's result type as generated and with synthesized `Decodable`.\nlet cases: [DecodeCase] = [\n" + cases.joined(separator: "\n") + "\n]\n"
        files.append(GeneratedFile(path: "Sources/Runner/Cases.swift", contents: casesFile))
        for file in files {
            let url = URL(fileURLWithPath: folder + "/" + file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
        }
        print("\(connector.operations.count) operations written to \(folder)")
    }

    private static func manifest(sqlConnect: String) -> String {
        """
        // swift-tools-version:6.0
        // Written by `sqlgen-bench decode-fixture`.
        import PackageDescription

        let runtime: Target.Dependency = .product(name: "SQLConnect", package: "sqlconnect")
        let package = Package(
            name: "DecodeBenchmark",
            platforms: [.macOS(.v14)],
            dependencies: [.package(path: "\(sqlConnect)")],
            targets: [
                .target(name: "NewTypes", dependencies: [runtime]),
                .target(name: "OldTypes", dependencies: [runtime]),
                .executableTarget(name: "Runner", dependencies: ["NewTypes", "OldTypes", runtime]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }
}
