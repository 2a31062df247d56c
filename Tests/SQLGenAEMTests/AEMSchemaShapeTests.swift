// The expansion against the real 2022 AEM schema: every type the 2022 dump has that does not depend
// on the (renamed) WKND 1.x fields must exist in our expansion with the same fields, arguments,
// enum values and union members (ours may add the newer ones).

import Foundation
import Testing
import SQLGenAEM
import SQLGenLanguage
import SQLGenSchema

@Suite struct AEMSchemaShapeTests {
    static func schema2022() throws -> Schema {
        let url = AEMFixtures.root.appendingPathComponent("schema-2022/schema.graphql")
        let built = SchemaBuilder.build(documents: [try Parser.parse(try AEMFixtures.source(url, id: 50))])
        #expect(built.errors.map(\.message) == [])
        return built.schema
    }

    /// Types whose non-system fields are the WKND 1.x model fields (`adventureTitle`...).
    static let modelDependent: Set<String> = ["AdventureModel", "ArticleModel", "AdventureModelFilter", "ArticleModelFilter"]

    @Test func sharedTypesMatchThe2022Schema() throws {
        let old = try Self.schema2022()
        let ours = try AEMFixtures.wkndSchema().schema
        var differences: [String] = []
        for name in old.typeNames where !name.hasPrefix("__") {
            guard let oldType = old.type(named: name) else { continue }
            guard let newType = ours.type(named: name) else {
                differences.append("missing type \(name)")
                continue
            }
            if oldType.kind != newType.kind { differences.append("\(name): kind \(oldType.kind) vs \(newType.kind)") }
            let skipUserFields = Self.modelDependent.contains(name)
            for field in oldType.fields where !(skipUserFields && !field.name.hasPrefix("_")) {
                guard let mine = newType.field(named: field.name) else {
                    differences.append("missing field \(name).\(field.name)")
                    continue
                }
                if mine.type.description != field.type.description {
                    differences.append("\(name).\(field.name): \(field.type) vs \(mine.type)")
                }
                for argument in field.arguments {
                    if mine.argument(named: argument.name)?.type.description != argument.type.description {
                        differences.append("\(name).\(field.name)(\(argument.name):) differs")
                    }
                }
            }
            if case .inputObject(let oldInput) = oldType, case .inputObject(let newInput) = newType {
                for field in oldInput.fields where !(skipUserFields && !field.name.hasPrefix("_")) {
                    guard let mine = newInput.fields.first(where: { $0.name == field.name }) else {
                        differences.append("missing input field \(name).\(field.name)")
                        continue
                    }
                    if mine.type.description != field.type.description { differences.append("\(name).\(field.name): \(field.type) vs \(mine.type)") }
                    if Self.enumText(mine.defaultValue) != Self.enumText(field.defaultValue) { differences.append("\(name).\(field.name): default differs") }
                }
            }
            if case .enumType(let oldEnum) = oldType, case .enumType(let newEnum) = newType {
                let missing = Set(oldEnum.values.map(\.name)).subtracting(newEnum.values.map(\.name))
                if !missing.isEmpty { differences.append("\(name) lacks \(missing.sorted())") }
            }
            if case .union = oldType {
                let oldMembers = Set(old.possibleTypes(of: oldType).map(\.name))
                let newMembers = Set(ours.possibleTypes(of: newType).map(\.name))
                if !oldMembers.isSubset(of: newMembers) { differences.append("\(name) lacks \(oldMembers.subtracting(newMembers).sorted())") }
            }
        }
        #expect(differences == [])
    }

    /// The defaults in these schemas are all enum values (`AND`, `EQUALS`...); nil otherwise.
    static func enumText(_ value: Value?) -> String? {
        if case .enumValue(let name, _)? = value { return name }
        return value == nil ? nil : "other"
    }

    @Test func listByPathAndPaginatedEntryPoints() throws {
        let schema = try AEMFixtures.wkndSchema().schema
        #expect(schema.queryTypeName == "QueryType")
        let list = try #require(schema.field(named: "adventureList", onTypeNamed: "QueryType"))
        #expect(list.type.description == "AdventureModelResults!")
        #expect(list.arguments.map(\.name).sorted() == ["_assetTransform", "_locale", "filter", "includeVariations", "limit", "offset", "sort", "variation"])
        #expect(list.argument(named: "filter")?.type.description == "AdventureModelFilter")
        let byPath = try #require(schema.field(named: "articleByPath", onTypeNamed: "QueryType"))
        #expect(byPath.type.description == "ArticleModelResult!")
        #expect(byPath.argument(named: "_path")?.type.description == "String!")
        let paginated = try #require(schema.field(named: "authorPaginated", onTypeNamed: "QueryType"))
        #expect(paginated.type.description == "AuthorModelConnection!")
        #expect(paginated.argument(named: "first")?.type.description == "Int")
        #expect(paginated.argument(named: "after")?.type.description == "String")
        #expect(schema.field(named: "edges", onTypeNamed: "AuthorModelConnection")?.type.description == "[AuthorModelEdge]!")
        #expect(schema.field(named: "cursor", onTypeNamed: "AuthorModelEdge")?.type.description == "String!")
        #expect(schema.field(named: "node", onTypeNamed: "AuthorModelEdge")?.type.description == "AuthorModel!")
        #expect(schema.field(named: "hasNextPage", onTypeNamed: "PageInfo")?.type.description == "Boolean!")
        #expect(schema.field(named: "adventureById", onTypeNamed: "QueryType")?.argument(named: "_id")?.type.description == "String!")
    }

    @Test func fieldsFiltersAndSystemFieldsFollowTheDataTypes() throws {
        let schema = try AEMFixtures.wkndSchema().schema
        #expect(schema.field(named: "groupSize", onTypeNamed: "AdventureModel")?.type.description == "Int")
        #expect(schema.field(named: "occupations", onTypeNamed: "AuthorModel")?.type.description == "[String]")
        #expect(schema.field(named: "_tags", onTypeNamed: "AuthorModel")?.type.description == "[String]")
        #expect(schema.field(named: "_id", onTypeNamed: "ArticleModel")?.type.description == "ID")
        #expect(schema.field(named: "_dynamicUrl", onTypeNamed: "ImageRef")?.type.description == "String")
        let filter = try #require(schema.inputObjectType(named: "ArticleModelFilter"))
        func filterType(_ field: String) -> String? { filter.fields.first { $0.name == field }?.type.description }
        #expect(filterType("authorFragment") == "AuthorModelFilter")
        #expect(filterType("main") == "MultiFormatStringFilter")
        #expect(filterType("featuredImage") == nil)
        let authorFilter = try #require(schema.inputObjectType(named: "AuthorModelFilter"))
        #expect(authorFilter.fields.first { $0.name == "occupations" }?.type.description == "StringArrayFilter")
        #expect(authorFilter.fields.first { $0.name == "birthDay" }?.type.description == "CalendarFilter")
        #expect(schema.inputObjectType(named: "AdventureModelFilter")?.fields.first { $0.name == "price" }?.type.description == "FloatFilter")
        let reference = try #require(schema.type(named: "Reference"))
        #expect(schema.possibleTypes(of: reference).map(\.name).sorted() == ["AdventureModel", "ArchiveRef", "ArticleModel", "AuthorModel", "DocumentRef", "ImageRef", "MultimediaRef", "PageRef"])
        #expect(schema.enumType(named: "AssetTransformFormat")?.values.map(\.name) == ["GIF", "PNG", "PNG8", "JPG", "PJPG", "BJPG", "WEBP", "WEBPLL", "WEBPLY"])
    }

    @Test func modelsDescribeFieldKinds() throws {
        let documents = try AEMFixtures.wkndSources().map { try Parser.parse($0) }
        let (models, errors) = AEMDialect.models(in: documents)
        #expect(errors.isEmpty)
        #expect(models.map(\.name) == ["adventure", "article", "author"])
        let author = try #require(models.last)
        #expect(author.typeName == "AuthorModel")
        #expect(author.path == "/conf/wknd-shared/settings/dam/cfm/models/author")
        #expect(author.matches(modelPath: "/conf/wknd-shared/settings/dam/cfm/models/author"))
        #expect(!author.matches(modelPath: "/conf/other/settings/dam/cfm/models/author"))
        #expect(author.fields.map(\.name) == ["firstName", "lastName", "profilePicture", "birthDay", "biography", "occupations"])
        #expect(author.fields[2].kind == .contentReference)
        #expect(author.fields[3].kind == .dateTime)
        #expect(author.fields[4].kind == .multiLineText)
        #expect(author.fields[5] == AEMField(name: "occupations", kind: .enumeration(values: ["Artist", "Blogger", "Influencer", "Photographer", "Surfer", "Traveler", "Writer", "YouTuber"]), isMultiple: true))
        let article = models[1]
        #expect(article.fields.first { $0.name == "authorFragment" }?.kind == .fragmentReference(models: ["AuthorModel"]))
        #expect(models[0].fields.first { $0.name == "groupSize" }?.kind == .integer)
        #expect(models[0].fields.first { $0.name == "price" }?.kind == .float)
    }

    @Test func modelWithoutPathMatchesByName() throws {
        let document = try Parser.parse(Source("type TravelGuideModel @model { title: String keywords: [String] @tags related: [AllFragmentModels] }"))
        let (models, errors) = AEMDialect.models(in: [document])
        #expect(errors.isEmpty)
        let guide = try #require(models.first)
        #expect(guide.name == "travelGuide")
        #expect(guide.title == "TravelGuide")
        #expect(guide.listField == "travelGuideList")
        #expect(guide.matches(modelPath: "/conf/site/settings/dam/cfm/models/travelGuide"))
        #expect(guide.fields[1].kind == .tags)
        #expect(guide.fields[2] == AEMField(name: "related", kind: .fragmentReference(models: ["TravelGuideModel"]), isMultiple: true))
        #expect(AEMDialect.isAEMSchema([document]))
        #expect(!AEMDialect.isAEMSchema([try Parser.parse(Source("type Query { a: Int }"))]))
    }
}
