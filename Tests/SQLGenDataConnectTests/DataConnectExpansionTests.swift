// The expansion rules on small schemas: implicit fields, keys, references, relations, names,
// views, enums, aggregates, and the errors for schemas that cannot be expanded.

import Testing
import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema

@Suite struct SchemaExpansionTests {
    private func expand(_ sdl: String) throws -> (shape: SchemaShape, expansion: SchemaExpansion, source: Source) {
        let source = Source(sdl, name: "schema.gql", id: SourceID(1))
        let expansion = DataConnectDialect.expand([try Parser.parse(source)])
        return (SchemaShape([expansion.document]), expansion, source)
    }

    private func userType(_ name: String, in document: Document) -> ObjectTypeDefinition? {
        for definition in document.definitions {
            if case .type(.object(let object)) = definition, object.name.value == name { return object }
        }
        return nil
    }

    @Test func recognisesTableAndViewSchemas() throws {
        #expect(DataConnectDialect.isDataConnectSchema([try Parser.parse(Source("type A @table { x: Int }"))]))
        #expect(DataConnectDialect.isDataConnectSchema([try Parser.parse(Source("type A @view(sql: \"select 1\") { x: Int }"))]))
        #expect(!DataConnectDialect.isDataConnectSchema([try Parser.parse(Source("type Query { a: Int } directive @table on OBJECT"))]))
    }

    @Test func schemaFilesMayReferToEachOther() throws {
        let movies = Source("type Movie @table { title: String! }", name: "movies.gql", id: SourceID(7))
        let reviews = Source("type Review @table(key: \"movie\") { movie: Movie!, author: Author }", name: "reviews.gql", id: SourceID(8))
        let expansion = DataConnectDialect.expand([try Parser.parse(movies), try Parser.parse(reviews)])
        let shape = SchemaShape([expansion.document])
        #expect(shape.fields["Review"]?["movieId"] == "UUID!")
        #expect(shape.fields["Movie"]?["review_on_movie"] == "Review")
        #expect(expansion.errors.map(\.message) == ["Field \"Review.author\" has type \"Author\", which is neither a column type nor a @table type."])
        #expect(expansion.errors.first?.locations(in: [movies, reviews]).map(\.column) == [59])
    }

    @Test func keylessTableGetsAnImplicitUUIDKeyFirst() throws {
        let (shape, expansion, _) = try expand("type Person @table { name: String! }")
        #expect(expansion.errors.isEmpty)
        let person = try #require(userType("Person", in: expansion.document))
        #expect(person.fields.first?.name.value == "id")
        #expect(person.fields.first.map { SchemaShape.print($0.type) } == "UUID!")
        let directives = person.fields.first?.directives.map(\.name.value) ?? []
        #expect(directives == ["default", "fdc_generated"])
        #expect(shape.arguments["Query"]?["person"] == ["id": "UUID", "key": "Person_Key", "first": "Person_FirstRow"])
        #expect(shape.fields["Person_Key"] == ["id": "UUID", "id_expr": "UUID_Expr"])
    }

    @Test func stringKeyGetsAnExprLookupArgument() throws {
        let (shape, _, _) = try expand("type User @table { id: String!, name: String }")
        #expect(shape.arguments["Query"]?["user"] == ["id": "String", "id_expr": "String_Expr", "key": "User_Key", "first": "User_FirstRow"])
        #expect(shape.arguments["Mutation"]?["user_delete"] == ["id": "String", "id_expr": "String_Expr", "key": "User_Key", "first": "User_FirstRow"])
    }

    @Test func foreignKeysFollowTheTargetKey() throws {
        let (shape, expansion, _) = try expand("""
        type Edition @table(key: ["isbn", "number"]) { isbn: String!, number: Int!, title: String }
        type Copy @table { edition: Edition!, shelf: Edition }
        """)
        #expect(expansion.errors.isEmpty)
        #expect(shape.fields["Copy"]?["editionIsbn"] == "String!")
        #expect(shape.fields["Copy"]?["editionNumber"] == "Int!")
        #expect(shape.fields["Copy"]?["shelfIsbn"] == "String")
        #expect(shape.fields["Copy_Data"]?["edition"] == "Edition_Key")
        #expect(shape.fields["Copy_Data"]?["editionIsbn_expr"] == "String_Expr")
        #expect(shape.fields["Copy_Filter"]?["edition"] == "Edition_Filter")
        #expect(shape.fields["Copy_Order"]?["shelf"] == "Edition_Order")
        #expect(shape.fields["Edition_Key"] == ["isbn": "String", "isbn_expr": "String_Expr", "number": "Int"])
        // Composite keys have no `id:` argument.
        #expect(shape.arguments["Query"]?["edition"] == ["key": "Edition_Key", "first": "Edition_FirstRow"])
        #expect(shape.fields["Edition"]?["copys_on_edition"] == "[Copy!]!")
        #expect(shape.fields["Edition"]?["copys_on_shelf"] == "[Copy!]!")
    }

    @Test func refFieldsNameTheForeignKeyColumn() throws {
        let (shape, expansion, _) = try expand("""
        type Author @table { id: UUID! }
        type Post @table { writer: Author! @ref(fields: "writtenBy"), writtenBy: UUID! }
        """)
        #expect(expansion.errors.isEmpty)
        let post = try #require(userType("Post", in: expansion.document))
        #expect(post.fields.filter { $0.name.value == "writtenBy" }.count == 1)
        #expect(shape.fields["Post"]?["writerId"] == nil)
        #expect(shape.fields["Post_Data"]?["writtenBy"] == "UUID")
    }

    @Test func joinTablesGetManyToManyFields() throws {
        let (shape, _, _) = try expand("""
        type Movie @table { title: String! }
        type Actor @table { name: String! }
        type Cast @table(key: ["movie", "actor"]) { movie: Movie!, actor: Actor!, role: String }
        """)
        #expect(shape.fields["Movie"]?["actors_via_Cast"] == "[Actor!]!")
        #expect(shape.fields["Actor"]?["movies_via_Cast"] == "[Movie!]!")
        #expect(shape.arguments["Movie"]?["actors_via_Cast"]?["where"] == "Cast_Filter")
        #expect(shape.arguments["Movie"]?["actors_via_Cast"]?["orderBy"] == "[Cast_Order!]")
        #expect(shape.fields["Movie_Filter"]?["actors_via_Cast"] == "Actor_ListFilter")
        #expect(shape.fields["Movie_Filter"]?["casts_on_movie"] == "Cast_ListFilter")
    }

    @Test func uniqueReferencesAreOneToOne() throws {
        let (shape, _, _) = try expand("""
        type User @table { id: String! }
        type Account @table { user: User! @unique, plan: String }
        """)
        #expect(shape.fields["User"]?["account_on_user"] == "Account")
        #expect(shape.fields["User"]?["accounts_on_user"] == nil)
        #expect(shape.fields["User_Filter"]?["account_on_user"] == "Account_Filter")
    }

    @Test func typeLevelUniqueOnOneReferenceIsOneToOne() throws {
        let (shape, _, _) = try expand("""
        type User @table { id: String! }
        type Profile @table @unique(fields: ["user"]) { user: User!, bio: String }
        """)
        #expect(shape.fields["User"]?["profile_on_user"] == "Profile")
    }

    @Test func userDirectivesAndFieldsAreKept() throws {
        let (_, expansion, _) = try expand("""
        type Actor @table(name: "actors") @index(fields: ["name"]) { id: UUID!, name: String! @col(name: "actor_name", dataType: "varchar(30)") }
        """)
        let actor = try #require(userType("Actor", in: expansion.document))
        #expect(actor.directives.map(\.name.value) == ["table", "index"])
        #expect(actor.fields.prefix(2).map(\.name.value) == ["id", "name"])
        #expect(actor.fields[1].directives.map(\.name.value) == ["col"])
        #expect(actor.fields[0].directives.isEmpty)
    }

    @Test func singularAndPluralOverridesNameEveryField() throws {
        let (shape, _, _) = try expand("""
        type Person @table(singular: "human", plural: "people") { name: String! }
        type Pet @table { owner: Person! }
        """)
        for field in ["human", "people"] { #expect(shape.fields["Query"]?[field] != nil) }
        for suffix in ["insert", "insertMany", "upsert", "upsertMany", "update", "updateMany", "delete", "deleteMany"] {
            #expect(shape.fields["Mutation"]?["human_\(suffix)"] != nil)
        }
        #expect(shape.fields["Mutation"]?["human_insert"] == "Person_KeyOutput!")
        #expect(shape.fields["Mutation"]?["human_insertMany"] == "[Person_KeyOutput!]!")
        #expect(shape.fields["Mutation"]?["human_updateMany"] == "Int!")
        #expect(shape.fields["Person"]?["pets_on_owner"] == "[Pet!]!")
    }

    @Test func viewsAreQueryOnly() throws {
        let (shape, _, _) = try expand("""
        type Stat @view(sql: "SELECT 1 AS total") { total: Int }
        """)
        #expect(shape.arguments["Query"]?["stat"] == ["first": "Stat_FirstRow"])
        #expect(shape.fields["Query"]?["stats"] == "[Stat!]!")
        #expect(shape.fields["Mutation"]?["stat_insert"] == nil)
        #expect(shape.kinds["Stat_Key"] == nil)
        #expect(shape.fields["Stat"]?["id"] == nil)
    }

    @Test func enumColumnsGetEnumFilters() throws {
        let (shape, expansion, _) = try expand("""
        enum Genre { DRAMA COMEDY }
        type Movie @table { genre: Genre, moods: [Genre!] }
        """)
        #expect(expansion.errors.isEmpty)
        #expect(shape.fields["Movie_Filter"]?["genre"] == "Genre_Filter")
        #expect(shape.fields["Movie_Filter"]?["moods"] == "Genre_ListFilter")
        #expect(shape.fields["Genre_Filter"]?["in"] == "[Genre!]")
        #expect(shape.fields["Movie_Order"]?["moods"] == nil)
    }

    @Test func aggregateFieldsFollowColumnTypes() throws {
        let (shape, _, _) = try expand("""
        type Movie @table { title: String!, rating: Float, year: Int, released: Date, tags: [String] }
        """)
        let movie = shape.fields["Movie"] ?? [:]
        #expect(movie["_count"] == "Int!")
        #expect(movie["title_count"] == "Int!")
        #expect(movie["tags_count"] == "Int!")
        #expect(movie["title_sum"] == nil)
        #expect(movie["rating_sum"] == "Float")
        #expect(movie["year_sum"] == "Int")
        #expect(movie["year_avg"] == "Float")
        #expect(movie["released_min"] == "Date")
        #expect(movie["released_sum"] == nil)
        #expect(shape.fields["Movie_Having"]?["year_avg"] == "Float_Filter")
        #expect(shape.arguments["Query"]?["movies"]?["having"] == "Movie_Having")
        #expect(shape.arguments["Query"]?["movies"]?["distinct"] == "Boolean")
    }

    @Test func searchableAndVectorColumnsGetTheirQueries() throws {
        let (shape, _, _) = try expand("""
        type Doc @table { body: String @searchable, embedding: Vector @col(size: 3) }
        """)
        #expect(shape.fields["Query"]?["docs_search"] == "[Doc!]!")
        #expect(shape.arguments["Query"]?["docs_search"]?["query"] == "String")
        #expect(shape.fields["Query"]?["docs_embedding_similarity"] == "[Doc!]!")
        #expect(shape.fields["Doc_Data"]?["embedding_embed"] == "Vector_Embed")
    }

    @Test func updateOperatorsAcceptOneOrManyOperations() throws {
        let (shape, _, _) = try expand("type Counter @table { hits: Int!, tags: [String!] }")
        #expect(shape.fields["Counter_Data"]?["hits_update"] == "[Int_Update!]")
        #expect(shape.fields["Counter_Data"]?["tags_update"] == "[String_ListUpdate!]")
    }

    // MARK: - Errors

    private func errors(_ sdl: String) throws -> [(message: String, line: Int, column: Int)] {
        let (_, expansion, source) = try expand(sdl)
        return expansion.errors.map { error in
            let location = error.locations(in: source).first
            return (error.message, location?.line ?? 0, location?.column ?? 0)
        }
    }

    @Test func unknownKeyFieldIsReportedAtTheKeyEntry() throws {
        let found = try errors("type A @table(key: [\"nope\"]) { x: Int! }")
        #expect(found.map(\.message) == ["Key field \"nope\" is not a field of \"A\"."])
        #expect(found.first.map { [$0.line, $0.column] } == [1, 21])
    }

    @Test func nullableKeyFieldIsAnError() throws {
        let found = try errors("type A @table(key: \"x\") { x: Int }")
        #expect(found.map(\.message) == ["Key field \"A.x\" must be a non-null, non-list field."])
    }

    @Test func refToANonTableIsAnError() throws {
        let found = try errors("""
        type Thing { x: Int }
        type A @table { thing: Thing @ref }
        """)
        #expect(found.map(\.message) == ["Field \"A.thing\" has @ref but its type \"Thing\" is not a @table type."])
        #expect(found.first.map { [$0.line, $0.column] } == [2, 24])
    }

    @Test func nonColumnTypesAndTableListsAreErrors() throws {
        let found = try errors("""
        type Thing { x: Int }
        type B @table { x: Int }
        type A @table { thing: Thing, bs: [B!]! }
        """)
        #expect(found.map(\.message) == [
            "Field \"A.thing\" has type \"Thing\", which is neither a column type nor a @table type.",
            "Field \"A.bs\" cannot be a list of table \"B\"; use the generated relation fields instead.",
        ])
    }

    @Test func keysThatReferToThemselvesAreErrors() throws {
        let found = try errors("""
        type A @table(key: "b") { b: B! }
        type B @table(key: "a") { a: A! }
        """)
        #expect(found.contains { $0.message.contains("refers back to itself") })
    }

    @Test func refFieldCountMustMatchTheTargetKey() throws {
        let found = try errors("""
        type A @table(key: ["x", "y"]) { x: Int!, y: Int! }
        type B @table { a: A! @ref(fields: "ax") }
        """)
        #expect(found.map(\.message) == ["@ref on \"B.a\" lists 1 fields but \"A\" is referenced by 2."])
    }

    @Test func nestedListsAreErrors() throws {
        let found = try errors("type A @table { grid: [[Int!]!] }")
        #expect(found.map(\.message) == ["Field \"A.grid\" cannot be a nested list."])
    }

    @Test func keyReferenceProblemsAreReportedOnce() throws {
        let found = try errors("""
        type A @table(key: ["x", "y"]) { x: Int!, y: Int! }
        type B @table(key: "a") { a: A! @ref(fields: "ax") }
        """)
        #expect(found.map(\.message) == ["@ref on \"B.a\" lists 1 fields but \"A\" is referenced by 2."])
    }

    @Test func derivedNamesMustNotCollideWithUserFields() throws {
        let found = try errors("type Movie @table { title: String, _count: Int }")
        #expect(found.map(\.message) == ["Field \"Movie._count\" conflicts with a field Data Connect derives for \"Movie\"."])
        #expect(found.first.map { [$0.line, $0.column] } == [1, 36])
    }
}
