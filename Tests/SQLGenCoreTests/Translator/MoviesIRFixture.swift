@testable import SQLGenCore

/// The movies connector's IR, written by hand so the Swift translator is tested on its own.
enum MoviesIRFixture {
    static let uuid = TypeIR.scalar(graphQLName: "UUID", swiftType: "UUID")
    static let string = TypeIR.scalar(graphQLName: "String", swiftType: "String")
    static let int = TypeIR.scalar(graphQLName: "Int", swiftType: "Int")
    static let float = TypeIR.scalar(graphQLName: "Float", swiftType: "Double")

    static var connector: ConnectorIR {
        let movie = SelectionSetIR(
            structName: "Movie", typeName: "Movie",
            fields: [
                FieldIR(responseKey: "id", type: uuid),
                FieldIR(responseKey: "title", type: string),
                FieldIR(responseKey: "releaseYear", type: .optional(int)),
                FieldIR(responseKey: "rating", type: .optional(float)),
                FieldIR(responseKey: "aspectRatio", type: .optional(.enumeration("AspectRatio"))),
            ],
            key: SelectedKeyIR(keyStruct: "MovieKey", keyFields: ["id"], responseKeys: ["id"]))
        let list = OperationIR(
            name: "listMoviesByGenre", kind: .query,
            variables: [
                VariableIR(name: "genre", type: string, isRequired: true),
                VariableIR(name: "limit", type: .optional(int), isRequired: false),
            ],
            data: SelectionSetIR(structName: "Data", typeName: "Query", fields: [FieldIR(responseKey: "movies", type: .list(.selection(movie)))]),
            document: "query listMoviesByGenre($genre: String!, $limit: Int) {\n  movies(where: {genre: {eq: $genre}}, limit: $limit) {\n    id\n    title\n  }\n}")
        let create = OperationIR(
            name: "createMovie", kind: .mutation,
            variables: [
                VariableIR(name: "title", type: string, isRequired: true),
                VariableIR(name: "aspectRatio", type: .optional(.enumeration("AspectRatio")), isRequired: false),
            ],
            data: SelectionSetIR(structName: "Data", typeName: "Mutation", fields: [FieldIR(responseKey: "movie_insert", type: .key(table: "Movie"))]),
            document: "mutation createMovie($title: String!, $aspectRatio: AspectRatio) {\n  movie_insert(data: {title: $title, aspectRatio: $aspectRatio})\n}")
        let reference = SelectionSetIR(
            structName: "_references", typeName: "Reference",
            fields: [FieldIR(responseKey: "__typename", type: string)],
            typeCases: [TypeCaseIR(typeName: "ImageRef", selection: SelectionSetIR(structName: "AsImageRef", typeName: "ImageRef", fields: [
                FieldIR(responseKey: "__typename", type: string),
                FieldIR(responseKey: "_path", type: string),
                FieldIR(responseKey: "width", type: .optional(int)),
            ]))])
        let refs = OperationIR(
            name: "references", kind: .query, variables: [],
            data: SelectionSetIR(structName: "Data", typeName: "Query", fields: [FieldIR(responseKey: "_references", type: .list(.selection(reference)))]),
            document: "query references {\n  _references {\n    __typename\n    ... on ImageRef {\n      _path\n      width\n    }\n  }\n}")
        return ConnectorIR(
            info: .init(connectorID: "movies", packageName: "MoviesSDK",
                        settings: SDKSettings(runtimeDependency: .path("../../SQLConnect", identity: "sqlconnect"))),
            operations: [create, list, refs],
            enums: [EnumIR(name: "AspectRatio", values: ["ACADEMY", "WIDESCREEN", "ANAMORPHIC"])],
            keys: [KeyIR(table: "Movie", structName: "MovieKey", fieldNames: ["id"], fieldTypes: [uuid])])
    }
}
