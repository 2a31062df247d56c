import Foundation
import Testing
@_spi(Benchmarks) @testable import SQLGenCore

/// The result-type variants the compile and decoding benchmarks build beside the SDK.
@Suite struct BenchmarkVariantsTests {
    private func files(_ variant: ResultTypesVariant) throws -> [String: String] {
        let folder = GeneratedPackageReferenceTests.connectors.appendingPathComponent("decoding")
        let ir = try GeneratorEdgeCaseTests.connector(
            schema: try String(contentsOf: folder.appendingPathComponent("schema/schema.graphql"), encoding: .utf8),
            operations: try String(contentsOf: folder.appendingPathComponent("operations/queries.graphql"), encoding: .utf8),
            backend: .graphql)
        return Dictionary(uniqueKeysWithValues: SDKTranslator(connector: ir).resultTypeFiles(variant).map { ($0.path, $0.contents) })
    }

    @Test func typesOnlyKeepsStructsAndStoredPropertiesAlone() throws {
        let node = try #require(try files(.typesOnly)["Sources/Operations/Operations.swift"])
        #expect(node.contains("public enum NodeQuery {"))
        #expect(node.contains("public struct AsPerson {\n"))
        #expect(node.contains("public var legacyName: String?"))
        #expect(node.contains("case person(AsPerson)"))
        for absent in ["Decodable", "Sendable", "init(", "@available", "///"] {
            #expect(!node.contains(absent), "\(absent)")
        }
    }

    @Test func synthesizedDecodableIsTheFormerGeneratedCode() throws {
        let variants = try files(.synthesizedDecodable)
        let film = try #require(variants["Sources/Operations/Operations.swift"])
        #expect(film.contains("public struct Film: Decodable, Sendable {"))
        #expect(!film.contains("ResponseDecodable") && !film.contains("init(response"))
        let search = try #require(variants["Sources/Operations/Operations.swift"])
        #expect(search.contains("let typeName = try decoder.container(keyedBy: TypeNameKey.self).decode(String.self, forKey: .__typename)"))
        #expect(search.contains("self = .film(try AsFilm(from: decoder))"))
        #expect(try files(.generated)["Sources/Operations/Operations.swift"]?.contains("self = .film(try AsFilm(response: response))") == true)
    }
}
