import Foundation
import SQLGenEmulator
import Testing

/// The 9 real wknd-shared persisted queries against the WKND content over HTTP.
@Suite("AEM persisted queries")
struct AEMEmulatorQueryTests {
    static let allSlugs = [
        "bali-surf-camp", "beervana-portland", "climbing-new-zealand", "colorado-rock-climbing", "cycling-southern-utah", "cycling-tuscany",
        "downhill-skiing-wyoming", "gastronomic-marais-tour", "napa-wine-tasting", "riverside-camping-australia", "ski-touring-mount-blanc",
        "surf-camp-costa-rica", "tahoe-skiing", "west-coast-cycling", "whistler-mountain-biking", "yosemite-backpacking",
    ]

    @Test("adventures-all returns the 16 adventures with title, slug, price, trip length and image")
    func adventuresAll() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let reply = try await harness.run("adventures-all")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "application/json")
        #expect(reply.headers["cache-control"] == "max-age=60")
        #expect(reply.headers["surrogate-control"] == "max-age=7200,stale-while-revalidate=86400,stale-if-error=86400")
        let items = try #require(reply.json?["data"]?["adventureList"]?["items"])
        #expect(items.strings("slug").sorted() == Self.allSlugs)
        let bali = try #require(items.arrayValue?.first { $0["slug"]?.stringValue == "bali-surf-camp" })
        #expect(bali["title"] == .string("Bali Surf Camp"))
        #expect(bali["price"] == .double(5000))
        #expect(bali["tripLength"] == .string("6 Days"))
        #expect(bali["activity"] == .string("Surfing"))
        #expect(bali["primaryImage"]?["_path"] == .string("/content/dam/wknd-shared/en/adventures/bali-surf-camp/adobestock-175749320.jpg"))
        let dynamic = try #require(bali["primaryImage"]?["_dynamicUrl"]?.stringValue)
        #expect(dynamic.hasPrefix("/adobe/dynamicmedia/deliver/dm-aid--"))
        #expect(dynamic.hasSuffix("/adobestock-175749320.jpg?preferwebp=true&width=1200&quality=80"))
        // Sort, offset and limit come from variables.
        let sorted = try await harness.run("adventures-all", ";sort=price DESC, title;offset=1;limit=3".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
        #expect(sorted.json?["data"]?["adventureList"]?["items"]?.strings("title") == ["Cycling Tuscany", "West Coast Cycling", "Surf Camp in Costa Rica"])
    }

    @Test("adventure-by-slug returns one adventure, its rich text in every format and its _references")
    func adventureBySlug() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let reply = try await harness.run("adventure-by-slug", ";slug=bali-surf-camp")
        let list = try #require(reply.json?["data"]?["adventureList"])
        let items = try #require(list["items"]?.arrayValue)
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(item["title"] == .string("Bali Surf Camp"))
        #expect(item["groupSize"] == .int(6))
        #expect(item["difficulty"] == .string("Beginner"))
        let description = try #require(item["description"])
        #expect(description["html"]?.stringValue?.hasPrefix("<p>Surfing in Bali is on the bucket list") == true)
        let plain = try #require(description["plaintext"]?.stringValue)
        #expect(plain.hasSuffix("Looking for a low cost alternative? Checkout Surf Camp Costa Rica"))
        #expect(!plain.contains("<"))
        let json = try #require(description["json"]?.arrayValue)
        #expect(json.count == 2)
        #expect(json.first?["nodeType"] == .string("paragraph"))
        let reference = json.last?["content"]?.arrayValue?.last
        #expect(reference?["nodeType"] == .string("reference"))
        #expect(reference?["data"]?["href"] == .string("/content/dam/wknd-shared/en/adventures/surf-camp-in-costa-rica/surf-camp-costa-rica"))
        let bold = item["itinerary"]?["json"]?.arrayValue?.first?["content"]?.arrayValue?.first
        #expect(bold?["value"] == .string("Keramas"))
        #expect(bold?["format"]?["variants"] == .array([.string("bold")]))
        let references = try #require(list["_references"]?.arrayValue)
        #expect(references.count == 1)
        #expect(references.first?["__typename"] == .string("AdventureModel"))
        #expect(references.first?["slug"] == .string("surf-camp-costa-rica"))
        #expect(references.first?["price"] == .double(3400))
        // The quirky slug of the Mont Blanc adventure.
        let mont = try await harness.run("adventure-by-slug", ";slug=ski-touring-mount-blanc")
        #expect(mont.json?["data"]?["adventureList"]?["items"]?.strings("title") == ["Ski Touring Mont Blanc"])
        let none = try await harness.run("adventure-by-slug", ";slug=nowhere")
        #expect(none.json?["data"]?["adventureList"]?["items"] == .array([]))
    }

    @Test("adventures-by-activity matches the activity ignoring case, sorted by title")
    func byActivity() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let cycling = try await harness.run("adventures-by-activity", ";activity=cycling")
        #expect(cycling.json?["data"]?["adventureList"]?["items"]?.strings("title") == [
            "Cycling Southern Utah", "Cycling Tuscany", "West Coast Cycling", "Whistler Mountain Biking Adventure",
        ])
        let climbing = try await harness.run("adventures-by-activity", ";activity=Rock%20Climbing")
        #expect(climbing.json?["data"]?["adventureList"]?["items"]?.strings("title") == ["Climbing New Zealand", "Overnight Colorado Rock Climbing"])
    }

    @Test("adventure-by-price applies each FloatOperator, sorted by price")
    func byPrice() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        func prices(_ price: String, _ op: String) async throws -> [Double] {
            let reply = try await harness.run("adventure-by-price", ";price=\(price);priceOperator=\(op)")
            return (reply.json?["data"]?["adventureList"]?["items"]?.arrayValue ?? []).compactMap {
                if case .double(let value)? = $0["price"] { return value }
                return nil
            }
        }
        #expect(try await prices("1200", "LOWER") == [95, 152.59, 300, 400, 500, 900, 1000])
        #expect(try await prices("1500", "EQUAL") == [1500, 1500, 1500])
        #expect(try await prices("1500", "LOWER_EQUAL").count == 10)
        #expect(try await prices("4500", "GREATER") == [5000])
        #expect(try await prices("4500", "GREATER_EQUAL") == [4500, 4500, 5000])
        #expect(try await prices("1500", "UNEQUAL").count == 13)
        let bad = try await harness.run("adventure-by-price", ";price=10;priceOperator=ABOUT")
        #expect(bad.json?["data"] == nil)
        #expect(bad.json?["errors"]?.arrayValue?.first?["message"]?.stringValue?.contains("FloatOperator") == true)
    }

    @Test("adventure-by-path returns the item; an unknown path is a data-fetching error")
    func byPath() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let path = "/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp"
        let reply = try await harness.run("adventure-by-path", ";adventurePath=\(path)")
        #expect(reply.json?["data"]?["adventureByPath"]?["item"]?["slug"] == .string("bali-surf-camp"))
        let missing = try await harness.run("adventure-by-path", ";adventurePath=/content/dam/nothing")
        #expect(missing.status == 200)
        let error = missing.json?["errors"]?.arrayValue?.first
        #expect(error?["message"] == .string("Exception while fetching data (/adventureByPath) : Path: '/content/dam/nothing' did not yield a Content Fragment"))
        #expect(error?["extensions"]?["classification"] == .string("DataFetchingException"))
    }

    @Test("articles-all pages through every article with first/after and opaque cursors")
    func articlesPaged() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        var titles: [String] = []
        var after: String?
        var pages = 0
        while pages < 10 {
            let suffix = ";first=3" + (after.map { ";after=\($0)" } ?? "")
            let reply = try await harness.run("articles-all", suffix)
            let connection = try #require(reply.json?["data"]?["articlePaginated"])
            let edges = try #require(connection["edges"]?.arrayValue)
            titles += edges.compactMap { $0["node"]?["title"]?.stringValue }
            pages += 1
            #expect(connection["pageInfo"]?["endCursor"] == edges.last?["cursor"])
            guard connection["pageInfo"]?["hasNextPage"] == .bool(true) else { break }
            after = connection["pageInfo"]?["endCursor"]?.stringValue
        }
        #expect(pages == 3)
        #expect(titles == [
            "Alaskan Adventure", "Aloha Spirits in Northern Norway", "Fly Fishing the Amazon", "San Diego Surf Spots", "Ski Touring",
            "Ultimate Guide to LA Skateparks", "Western Australia by Camper Van",
        ])
        let bad = try await harness.run("articles-all", ";after=bm90LWEtY3Vyc29y")
        #expect(bad.json?["errors"]?.arrayValue?.first?["message"]?.stringValue?.contains("Invalid cursor") == true)
    }

    @Test("article-by-slug, article-by-path and article-by-author (nested fragment filter)")
    func articles() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let bySlug = try await harness.run("article-by-slug", ";slug=fly-fishing-amazon")
        let article = bySlug.json?["data"]?["articleList"]?["items"]?.arrayValue?.first
        #expect(article?["title"] == .string("Fly Fishing the Amazon"))
        #expect(article?["authorFragment"]?["lastName"] == .string("Hammer"))
        #expect(article?["main"]?["json"]?.arrayValue?.isEmpty == false)
        let byPath = try await harness.run("article-by-path", ";articlePath=/content/dam/wknd-shared/en/magazine/skitouring/skitouring")
        #expect(byPath.json?["data"]?["articleByPath"]?["item"]?["slug"] == .string("ski-touring"))
        let byAuthor = try await harness.run("article-by-author", ";authorFirstName=Sofia;authorLastName=Sjöberg".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
        #expect(byAuthor.json?["data"]?["articleList"]?["items"]?.strings("title") == ["Western Australia by Camper Van", "Ski Touring"])
    }

    @Test("every persisted query of the connector runs without errors")
    func allNine() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let runs = [
            ("adventures-all", ""), ("adventure-by-slug", ";slug=tahoe-skiing"), ("adventures-by-activity", ";activity=Skiing"),
            ("adventure-by-path", ";adventurePath=/content/dam/wknd-shared/en/adventures/tahoe-skiing/tahoe-skiing"),
            ("adventure-by-price", ";price=100;priceOperator=GREATER"), ("articles-all", ""), ("article-by-slug", ";slug=ski-touring"),
            ("article-by-path", ";articlePath=/content/dam/wknd-shared/en/magazine/skitouring/skitouring"),
            ("article-by-author", ";authorFirstName=Ian;authorLastName=Provo"),
        ]
        let list = try await harness.request("GET", "/graphql/list.json")
        let names = list.json?.arrayValue?.first?["queries"]?.arrayValue?.compactMap { $0["path"]?["shortForm"]?.stringValue } ?? []
        #expect(names.sorted() == runs.map { "/wknd-shared/\($0.0)" }.sorted())
        for (name, suffix) in runs {
            let reply = try await harness.run(name, suffix)
            #expect(reply.status == 200, "\(name)")
            #expect(reply.json?["errors"] == nil, "\(name): \(reply.text.prefix(300))")
            #expect(reply.json?["data"]?.isNull == false, "\(name)")
        }
        let unknown = try await harness.run("adventures-everywhere")
        #expect(unknown.status == 404)
        #expect(unknown.json?["errors"]?.arrayValue?.first?["errorType"] == .string("PersistenceError"))
    }
}
