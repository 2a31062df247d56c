/// The files of a new project: small, valid, and runnable at once by `sqlgen generate` and
/// `sqlgen emulator`.
extension ProjectInitializer {
    /// A Data Connect project as `firebase init dataconnect` lays it out, with a Swift SDK.
    public static func newDataConnectProject(in folder: String, serviceID: String) -> Plan {
        let files: [(String, String)] = [
            ("dataconnect.yaml", """
            specVersion: "v1"
            serviceId: \(serviceID)
            location: "us-central1"
            schema:
              source: "./schema"
              datasource:
                postgresql:
                  database: "fdcdb"
            connectorDirs: ["./connector"]

            """),
            ("schema/schema.gql", Templates.movieSchema),
            ("connector/connector.yaml", """
            connectorId: movies
            generate:
              swiftSdk:
                outputDir: ../dataconnect-generated/swift
                package: MoviesSDK

            """),
            ("connector/queries.gql", Templates.movieQueries),
            ("connector/mutations.gql", Templates.movieMutations),
            ("seed_data.gql", Templates.movieSeed),
        ]
        return plan(creating: files, in: folder, notes: [
            "created a Data Connect project in \(folder): dataconnect.yaml, schema/, connector/, seed_data.gql",
            "next: sqlgen generate   (writes dataconnect-generated/swift/MoviesSDK)",
            "      sqlgen emulator --seed seed_data.gql",
        ])
    }

    /// An AEM headless connector: one content fragment model, two persisted queries and content
    /// for the emulator, for the persisted-query configuration `configuration`.
    public static func newAEMConnector(in folder: String, configuration: String) -> Plan {
        let files: [(String, String)] = [
            ("connector.yaml", """
            connectorId: \(configuration)
            generate:
              swiftSdk:
                outputDir: Generated
                package: \(packageName(connectorID: configuration))
            sqlgen:
              backend: aem
              aem:
                configuration: \(configuration)   # /graphql/execute.json/\(configuration)/<query>
                content: content/fragments.json   # what `sqlgen emulator` serves
              schema: schema
              operations: [queries]

            """),
            ("schema/article.graphql", Templates.articleModel(configuration: configuration)),
            ("queries/articles-all.graphql", Templates.articlesAll),
            ("queries/article-by-slug.graphql", Templates.articleBySlug),
            ("content/fragments.json", Templates.articleContent(configuration: configuration)),
        ]
        return plan(creating: files, in: folder, notes: [
            "created an AEM connector for the configuration '\(configuration)' in \(folder)",
            "next: sqlgen generate   (writes Generated/\(packageName(connectorID: configuration)))",
            "      sqlgen emulator   (serves content/fragments.json as AEM does)",
        ])
    }

    private static func plan(creating files: [(String, String)], in folder: String, notes: [String]) -> Plan {
        Plan(files: files.map { PlannedFile(path: folder + "/" + $0.0, contents: $0.1, kind: .create) }, notes: notes)
    }
}
