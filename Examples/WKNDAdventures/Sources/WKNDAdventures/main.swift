// Lists the WKND adventures and shows one by slug with its image URL, through AEM's persisted
// queries. Against the sqlgen emulator (the default):
//   swift run sqlgen emulator --config Examples/WKNDAdventures/connector.yaml   (in another terminal)
//   swift run --package-path Examples/WKNDAdventures WKNDAdventures [slug] [--all-queries]
// --all-queries also runs the other seven persisted queries and prints one line each.
// SQLGEN_EMULATOR_PORT picks another port than 9399. Against a real AEM, set the AEM sample app's
// variables: AEM_SCHEME, AEM_HOST, AEM_AUTH_TYPE (basic or token), AEM_USERNAME, AEM_PASSWORD, AEM_TOKEN.
import Foundation
import SQLConnect
import WKNDAdventuresSDK

let environment = ProcessInfo.processInfo.environment
let arguments = CommandLine.arguments.dropFirst()
let slug = arguments.first { !$0.hasPrefix("--") } ?? "bali-surf-camp"
let runAllQueries = arguments.contains("--all-queries")
let transport: any Transport
if let host = environment["AEM_HOST"], !host.trimmingCharacters(in: .whitespaces).isEmpty {
    transport = WkndConnector.environmentTransport(environment: environment)
} else {
    transport = WkndConnector.emulatorTransport(port: Int(environment["SQLGEN_EMULATOR_PORT"] ?? "") ?? 9399)
}
let connector = WkndConnector(dataConnect: DataConnect(connectorConfig: WkndConnector.connectorConfig, transport: transport, cacheSettings: nil))
let aem = transport as? AEMTransport

/// "5000.00" for a price, "-" when absent.
func formatted(_ price: Double?) -> String {
    price.map { String(format: "%.2f", $0) } ?? "-"
}

do {
    let all = try await connector.adventuresAllQuery.execute(fetchPolicy: .serverOnly)
    let adventures = (all.data?.adventureList.items ?? []).compactMap { $0 }
    print("adventures: \(adventures.count)")
    for adventure in adventures {
        print("- \(adventure.title ?? "?") [\(adventure.slug ?? "?")] \(adventure.activity ?? "-"), \(adventure.tripLength ?? "-"), USD \(formatted(adventure.price))")
    }

    let result = try await connector.adventureBySlugQuery.execute(fetchPolicy: .serverOnly, slug: slug) { variables in
        variables.imageWidth = 800
    }
    guard let adventure = result.data?.adventureList.items.compactMap({ $0 }).first else {
        print("no adventure with the slug \(slug)")
        exit(1)
    }
    print("adventure: \(adventure.title ?? "?")")
    print("details: \(adventure.activity ?? "-"), \(adventure.adventureType ?? "-"), \(adventure.difficulty ?? "-"), group of \(adventure.groupSize.map(String.init) ?? "-"), USD \(formatted(adventure.price))")
    if case .imageRef(let image)? = adventure.primaryImage, let path = image._dynamicUrl ?? image._path {
        print("image: \(aem?.imageURL(path: path)?.absoluteString ?? path)")
    } else {
        print("image: none")
    }
    if let text = adventure.description?.plaintext { print("description: \(text.prefix(120))") }
    for case .some(let reference) in result.data?.adventureList._references ?? [] {
        if case .adventureModel(let linked) = reference { print("see also: \(linked.title ?? "?") [\(linked.slug ?? "?")]") }
    }

    if runAllQueries {
        try await runTheOtherQueries()
    }
} catch {
    print("error: \(error)")
    exit(1)
}

/// The seven other persisted queries of `wknd-shared`, each through its generated call.
func runTheOtherQueries() async throws {
    let byPath = try await connector.adventureByPathQuery.execute(adventurePath: "/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp")
    print("adventure-by-path: \(byPath.data?.adventureByPath.item.title ?? "-")")

    let cheap = try await connector.adventureByPriceQuery.execute(price: 1200, priceOperator: .LOWER)
    print("adventure-by-price LOWER 1200: \(cheap.data?.adventureList.items.count ?? 0)")

    let surfing = try await connector.adventuresByActivityQuery.execute(activity: "Surfing")
    print("adventures-by-activity Surfing: \(surfing.data?.adventureList.items.count ?? 0)")

    let byAuthor = try await connector.articleByAuthorQuery.execute(authorFirstName: "Stacey", authorLastName: "Roswells")
    print("article-by-author Stacey Roswells: \(byAuthor.data?.articleList.items.compactMap { $0?.title }.joined(separator: ", ") ?? "-")")

    let article = try await connector.articleByPathQuery.execute(articlePath: "/content/dam/wknd-shared/en/magazine/skitouring/skitouring")
    print("article-by-path: \(article.data?.articleByPath.item.title ?? "-")")

    let bySlug = try await connector.articleBySlugQuery.execute(slug: "san-diego-surfspots")
    print("article-by-slug san-diego-surfspots: \(bySlug.data?.articleList.items.compactMap { $0?.title }.first ?? "-")")

    // Forward pagination with opaque cursors, two articles a page.
    var titles: [String] = []
    var pages = 0
    var cursor: String?
    repeat {
        let page = try await connector.articlesAllQuery.execute { variables in
            variables.first = 2
            if let cursor { variables.after = cursor }
        }
        pages += 1
        guard let connection = page.data?.articlePaginated else { break }
        titles += connection.edges.compactMap { $0?.node.title }
        cursor = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : nil
    } while cursor != nil && pages < 20
    print("articles-all: \(titles.count) articles in \(pages) pages")
}
