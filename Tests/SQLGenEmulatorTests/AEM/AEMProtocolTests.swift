import Foundation
import SQLGenEmulator
import SQLGenJSON
import Testing

/// AEM's protocol details: variable encodings, author auth, assets, persist and list.
@Suite("AEM protocol")
struct AEMProtocolTests {
    /// The encoding table of NOTES.md §3.2 (JS client, Java client, iOS sample) for the queries' variables.
    @Test("each client's variable encoding reaches the query with the same values")
    func encodings() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let bySlug: [String] = ["%3Bslug%3Dbali-surf-camp;", "%3Bslug%3Dbali-surf-camp", ";slug=bali-surf-camp", ";slug=bali-surf-camp;"]
        for suffix in bySlug {
            let reply = try await harness.run("adventure-by-slug", suffix)
            #expect(reply.json?["data"]?["adventureList"]?["items"]?.strings("slug") == ["bali-surf-camp"], "\(suffix)")
        }
        let climbing = ["%3Bactivity%3DRock%20Climbing;", "%3Bactivity%3DRock+Climbing", ";activity=Rock%20Climbing"]
        for suffix in climbing {
            let reply = try await harness.run("adventures-by-activity", suffix)
            #expect(reply.json?["data"]?["adventureList"]?["items"]?.strings("title") == ["Climbing New Zealand", "Overnight Colorado Rock Climbing"], "\(suffix)")
        }
        let path = "/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp"
        let paths = [
            "%3BadventurePath%3D%2Fcontent%2Fdam%2Fwknd-shared%2Fen%2Fadventures%2Fbali-surf-camp%2Fbali-surf-camp;",
            "%3BadventurePath%3D%2Fcontent%2Fdam%2Fwknd-shared%2Fen%2Fadventures%2Fbali-surf-camp%2Fbali-surf-camp",
            ";adventurePath=" + path,
        ]
        for suffix in paths {
            let reply = try await harness.run("adventure-by-path", suffix)
            #expect(reply.json?["data"]?["adventureByPath"]?["item"]?["_path"] == .string(path), "\(suffix)")
        }
        let images = [
            "%3Bslug%3Dbali-surf-camp%3BimageWidth%3D262%3BimageQuality%3D80%3BimageFormat%3DPNG;",
            "%3Bslug%3Dbali-surf-camp%3BimageWidth%3D262%3BimageQuality%3D80%3BimageFormat%3DPNG",
            ";slug=bali-surf-camp;imageWidth=262;imageQuality=80;imageFormat=PNG",
        ]
        for suffix in images {
            let reply = try await harness.run("adventure-by-slug", suffix)
            let url = reply.json?["data"]?["adventureList"]?["items"]?.arrayValue?.first?["primaryImage"]?["_dynamicUrl"]?.stringValue
            #expect(url?.hasSuffix("/adobestock-175749320.png?preferwebp=true&width=262&quality=80") == true, "\(suffix)")
        }
        let prices = ["%3Bprice%3D1200%3BpriceOperator%3DLOWER;", "%3Bprice%3D1200%3BpriceOperator%3DLOWER", ";price=1200;priceOperator=LOWER"]
        for suffix in prices {
            let reply = try await harness.run("adventure-by-price", suffix)
            #expect(reply.json?["data"]?["adventureList"]?["items"]?.arrayValue?.count == 7, "\(suffix)")
        }
        let pages = ["%3Bfirst%3D5%3Bafter%3Dnull;", "%3Bfirst%3D5%3Bafter%3Dnull", ";first=5;after=null"]
        for suffix in pages {
            let reply = try await harness.run("articles-all", suffix)
            #expect(reply.json?["data"]?["articlePaginated"]?["edges"]?.arrayValue?.count == 5, "\(suffix)")
        }
        // Undeclared variables are ignored; the image seo name shapes the delivery URL.
        let seo = try await harness.run("adventure-by-slug", "%3Bslug%3Dtest%3Blocale%3Den;")
        #expect(seo.json?["data"]?["adventureList"]?["items"] == .array([]))
        let named = try await harness.run("adventure-by-slug", ";slug=tahoe-skiing;imageSeoName=tahoe")
        let url = named.json?["data"]?["adventureList"]?["items"]?.arrayValue?.first?["primaryImage"]?["_dynamicUrl"]?.stringValue
        #expect(url?.contains("/tahoe.jpg?") == true)
    }

    @Test("author mode answers 401 with an empty body without credentials and accepts Basic and Bearer")
    func authorAuth() async throws {
        let harness = try await AEMHarness(author: true)
        defer { Task { await harness.shutdown() } }
        let anonymous = try await harness.run("adventures-all")
        #expect(anonymous.status == 401)
        #expect(anonymous.body.isEmpty)
        let badScheme = try await harness.run("adventures-all", headers: ["Authorization": "Digest abc"])
        #expect(badScheme.status == 401)
        let emptyBearer = try await harness.run("adventures-all", headers: ["Authorization": "Bearer "])
        #expect(emptyBearer.status == 401)
        let basic = try await harness.run("adventures-all", headers: ["Authorization": "Basic " + Data("admin:admin".utf8).base64EncodedString()])
        #expect(basic.status == 200)
        #expect(basic.json?["data"]?["adventureList"]?["items"]?.arrayValue?.count == 16)
        #expect(basic.headers["surrogate-control"]?.hasPrefix("max-age=60,") == true)
        let bearer = try await harness.run("adventures-all", headers: ["Authorization": "Bearer dev-token-123"])
        #expect(bearer.status == 200)
        let imagePath = "/content/dam/wknd-shared/en/adventures/bali-surf-camp/adobestock-175749320.jpg"
        let image = try await harness.request("GET", imagePath)
        #expect(image.status == 401)
        #expect(image.body.isEmpty)
        let authorized = try await harness.request("GET", imagePath, headers: ["Authorization": "Bearer dev-token-123"])
        #expect(authorized.status == 200)
        #expect(authorized.headers["content-type"] == "image/jpeg")
        #expect(authorized.headers["cache-control"] == "no-cache")
    }

    @Test("publish mode is anonymous and serves placeholder images of the asset's type and the requested size")
    func assets() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let jpeg = try await harness.request("GET", "/content/dam/wknd-shared/en/adventures/bali-surf-camp/adobestock-175749320.jpg")
        #expect(jpeg.status == 200)
        #expect(jpeg.headers["content-type"] == "image/jpeg")
        #expect(Array(jpeg.body.prefix(2)) == [0xFF, 0xD8])
        #expect(Array(jpeg.body.suffix(2)) == [0xFF, 0xD9])
        #expect(jpeg.headers["cache-control"] == "max-age=600")
        // SOF0 carries height then width.
        let bytes = [UInt8](jpeg.body)
        let sof = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        #expect(Int(bytes[sof + 5]) << 8 | Int(bytes[sof + 6]) == 1200)
        #expect(Int(bytes[sof + 7]) << 8 | Int(bytes[sof + 8]) == 1600)
        let reply = try await harness.run("adventure-by-slug", ";slug=bali-surf-camp;imageWidth=262;imageFormat=PNG")
        let dynamic = try #require(reply.json?["data"]?["adventureList"]?["items"]?.arrayValue?.first?["primaryImage"]?["_dynamicUrl"]?.stringValue)
        let png = try await harness.request("GET", dynamic)
        #expect(png.status == 200)
        #expect(png.headers["content-type"] == "image/png")
        let header = [UInt8](png.body)
        #expect(Array(header.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(header[16..<24]) == [0, 0, 1, 6, 0, 0, 0, 196])
        let fragmentPath = try await harness.request("GET", "/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp")
        #expect(fragmentPath.status == 404)
    }

    @Test("persist.json creates (201), refuses a second PUT, updates with POST; list.json lists per configuration")
    func persistAndList() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let query = "{ authorList(sort: \"lastName DESC\", filter: {occupations: {_expressions: [{value: \"Photographer\", _apply: AT_LEAST_ONCE}]}}) { items { lastName occupations } } }"
        let body = JSONValue.object([JSONMember("query", .string(query)), JSONMember("cache-control", .object([JSONMember("max-age", .int(300))]))]).jsonText
        let created = try await harness.request("PUT", "/graphql/persist.json/wknd-shared/photographers", body: body)
        #expect(created.status == 201)
        #expect(created.json?["action"] == .string("create"))
        #expect(created.json?["shortPath"] == .string("/wknd-shared/photographers"))
        let again = try await harness.request("PUT", "/graphql/persist.json/wknd-shared/photographers", body: body)
        #expect(again.status == 409)
        let run = try await harness.run("photographers")
        #expect(run.headers["cache-control"] == "max-age=300")
        #expect(run.json?["data"]?["authorList"]?["items"]?.strings("lastName") == ["Sjöberg", "Selveraj", "Roswells", "Provo"])
        let all = "{ authorList(filter: {occupations: {_expressions: [{value: \"Photographer\", _apply: ALL}]}}) { items { lastName } } }"
        let updated = try await harness.request("POST", "/graphql/persist.json/wknd-shared/photographers", body: all)
        #expect(updated.status == 200)
        #expect(updated.json?["action"] == .string("update"))
        let none = try await harness.run("photographers")
        #expect(none.json?["data"]?["authorList"]?["items"] == .array([]))
        let invalid = try await harness.request("PUT", "/graphql/persist.json/wknd-shared/broken", body: "{ adventureList { nope } }")
        #expect(invalid.status == 400)
        #expect(invalid.json?["errors"]?.arrayValue?.first?["errorType"] == .string("QueryValidationError"))
        let list = try await harness.request("GET", "/graphql/list.json/wknd-shared")
        let entries = list.json?.arrayValue?.first?["queries"]?.arrayValue ?? []
        #expect(list.json?.arrayValue?.first?["configurationName"] == .string("wknd-shared"))
        #expect(entries.count == 10)
        #expect(entries.contains { $0["path"]?["longForm"] == .string("/conf/wknd-shared/settings/graphql/persistentQueries/photographers") })
    }

    @Test("the ad-hoc endpoint runs filters with _logOp OR, CONTAINS, _path STARTS_WITH and nested sort")
    func adHoc() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        func titles(_ query: String) async throws -> [String] {
            let body = JSONValue.object([JSONMember("query", .string(query))]).jsonText
            let reply = try await harness.request("POST", "/content/_cq_graphql/wknd-shared/endpoint.json", body: body)
            #expect(reply.json?["errors"] == nil, "\(reply.text.prefix(300))")
            return reply.json?["data"]?["list"]?["items"]?.strings("title") ?? []
        }
        #expect(try await titles("{ list: adventureList(filter: {_logOp: OR, activity: {_expressions: [{value: \"Surfing\"}]}, price: {_expressions: [{value: 100, _operator: LOWER}]}}, sort: \"title\") { items { title } } }")
            == ["Bali Surf Camp", "Gastronomic Marais Tour", "Surf Camp in Costa Rica"])
        #expect(try await titles("{ list: adventureList(filter: {title: {_expressions: [{value: \"SKI\", _operator: CONTAINS, _ignoreCase: true}]}}, sort: \"title DESC\") { items { title } } }")
            == ["Tahoe Skiing", "Ski Touring Mont Blanc", "Downhill Skiing in Jackson Hole, Wyoming"])
        #expect(try await titles("{ list: articleList(filter: {_path: {_expressions: [{value: \"/content/dam/wknd-shared/en/magazine/s\", _operator: STARTS_WITH}]}}) { items { title } } }")
            == ["San Diego Surf Spots", "Ski Touring"])
        #expect(try await titles("{ list: articleList(sort: \"authorFragment.lastName DESC, title\") { items { title } } }").first == "Aloha Spirits in Northern Norway")
        #expect(try await titles("{ list: adventureList(filter: {_tags: {_expressions: [{value: \"wknd-shared:region/apac\", _operator: CONTAINS}]}, activity: {_expressions: [{value: \"Surfing\", _operator: EQUALS_NOT}]}}) { items { title } } }")
            == ["Climbing New Zealand", "Riverside Camping Australia"])
        let tagsQuery = JSONValue.object([JSONMember("query", .string("{ adventureByPath(_path: \"/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp\") { item { _tags _model { title } } } }"))]).jsonText
        let tags = try await harness.request("POST", "/content/cq:graphql/wknd-shared/endpoint.json", body: tagsQuery)
        #expect(tags.json?["data"]?["adventureByPath"]?["item"]?["_tags"] == .array(["wknd-shared:activity/surfing", "wknd-shared:season/summer", "wknd-shared:region/apac"].map(JSONValue.string)))
        #expect(tags.json?["data"]?["adventureByPath"]?["item"]?["_model"]?["title"] == .string("Adventure"))
        let schema = try await harness.request("GET", "/content/cq:graphql/global/endpoint.GQLschema")
        #expect(schema.text.contains("adventurePaginated"))
    }
}
