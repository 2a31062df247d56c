// Every connector and seed file of the example projects validates against its own schema plus our
// expansion. They were written against the real service, so any error is a bug in the expansion.

import Foundation
import Testing
import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema

@Suite struct DataConnectConnectorTests {
    static let projects = [
        "codelab-dataconnect-ios", "data-connect-ios-sdk-friendlyflix", "data-connect-ios-sdk-kitchensink",
        "data-connect-ios-sdk-template", "quickstart-android", "quickstart-js",
    ]
    // Not validated: codelab-dataconnect-android ships only a seed file and no schema (its
    // MovieMetadata has columns no other example schema has); codelab-dataconnect-web is a
    // TODO-only start state whose schema and connector files are empty.

    /// Files that are rightly invalid against their own schema, and why.
    static let knownInvalid: [String: String] = [
        "quickstart-js/optional_vector_embed.gql":
            "sets `descriptionEmbedding_embed`, but the project's schema has the Vector column commented out (the server rejects it too)",
    ]

    private func schema(of project: String) throws -> Schema {
        let expansion = DataConnectDialect.expand(try DataConnectFixtures.schema(of: project))
        #expect(expansion.errors.map(\.message) == [])
        let built = SchemaBuilder.build(documents: [expansion.document])
        #expect(built.errors.map(\.message) == [], "schema of \(project)")
        return built.schema
    }

    /// The operation files of a project: each connector folder is validated as one; seed files alone.
    private func operationGroups(of project: String) -> [[URL]] {
        let root = DataConnectFixtures.project(project)
        // Filter on the path inside the project: the checkout's own path may contain "/schema/".
        let rootPath = root.standardizedFileURL.path
        let files = DataConnectFixtures.gqlFiles(in: root).filter { file in
            !String(file.standardizedFileURL.path.dropFirst(rootPath.count)).contains("/schema/")
        }
        var groups: [String: [URL]] = [:]
        for file in files {
            let folder = file.deletingLastPathComponent()
            let isConnector = FileManager.default.fileExists(atPath: folder.appendingPathComponent("connector.yaml").path)
            groups[isConnector ? folder.path : file.path, default: []].append(file)
        }
        return groups.keys.sorted().compactMap { groups[$0] }
    }

    private func relativeName(_ url: URL) -> String {
        String(url.path.dropFirst(DataConnectFixtures.root.path.count + 1))
    }

    @Test(arguments: projects)
    func connectorsValidate(project: String) throws {
        let schema = try schema(of: project)
        let groups = operationGroups(of: project)
        #expect(!groups.isEmpty)
        var id: UInt32 = 500
        for group in groups {
            var documents: [Document] = []
            for file in group {
                id += 1
                documents.append(try Parser.parse(Source(try String(contentsOf: file, encoding: .utf8), name: file.path, id: SourceID(id))))
            }
            let errors = validate(schema: schema, documents: documents)
            let names = group.map(relativeName)
            if names.count == 1, let reason = Self.knownInvalid[names[0]] {
                #expect(!errors.isEmpty, "expected errors: \(reason)")
                #expect(errors.allSatisfy { $0.message.contains("descriptionEmbedding_embed") })
            } else {
                #expect(errors.map(\.message) == [], "\(names)")
            }
        }
    }

    @Test func newerOperationFeaturesValidate() throws {
        let schema = try schema(of: "data-connect-ios-sdk-friendlyflix")
        let document = try Parser.parse(Source("""
        mutation AddReview($movieId: UUID!, $rating: Int!) @auth(level: USER, insecureReason: "demo") @transaction {
          query @redact { movie(id: $movieId) @check(expr: "this != null", message: "no such movie") { id } }
          review_upsert(data: { userId_expr: "auth.uid", movieId: $movieId, rating: $rating, reviewDate_date: { today: true } })
          movie_update(id: $movieId, data: { rating_update: { inc: 1.0 }, tags_update: { append: ["reviewed"] } })
        }
        query Stats @auth(level: PUBLIC) @refresh(every: { seconds: 30 }) {
          movies(distinct: true, having: { _count: { gt: 1 } }) { genre _count rating_avg releaseYear_max }
          reviews(where: { reviewDate: { ge_date: { today: true, sub: { days: 7 } } } }, orderBy: [{ movie: { title: ASC } }]) { rating }
        }
        """))
        #expect(validate(schema: schema, document: document).map(\.message) == [])
    }

    @Test func unknownFieldsInConnectorsAreStillErrors() throws {
        let schema = try schema(of: "data-connect-ios-sdk-friendlyflix")
        let document = try Parser.parse(Source("query Q @auth(level: PUBLIC) { movies(where: {nope: {eq: 1}}) { id titel } }"))
        let messages = validate(schema: schema, document: document).map(\.message)
        #expect(messages.count == 2)
        #expect(messages.contains { $0.contains("nope") })
        #expect(messages.contains { $0.contains("titel") })
    }
}
