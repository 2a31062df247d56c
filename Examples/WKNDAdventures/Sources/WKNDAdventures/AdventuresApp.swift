// The same SDK in a SwiftUI app (Apple platforms): a list of adventures with pull to refresh and
// a detail view whose image is loaded with the AEM auth headers (`authorizedRequest(for:)`), as
// author instances and protected publish instances require. Compiled only where SwiftUI exists;
// to run it, add this file to an app target and mark `WKNDAdventuresApp` with `@main`.
#if canImport(SwiftUI)
import Foundation
import SQLConnect
import SwiftUI
import WKNDAdventuresSDK

/// Runs the queries and resolves image URLs through one AEM transport.
@MainActor
@Observable
final class AdventureStore {
    typealias Adventure = AdventuresAllQuery.Data.AdventureModelResults.AdventureModel

    let transport: any Transport
    let connector: WkndConnector
    var adventures: [Adventure] = []
    var error: String?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        transport = WkndConnector.environmentTransport(environment: environment)
        connector = WkndConnector(dataConnect: DataConnect(connectorConfig: WkndConnector.connectorConfig, transport: transport, cacheSettings: nil))
    }

    func load() async {
        do {
            adventures = (try await connector.adventuresAllQuery.execute(fetchPolicy: .serverOnly).data?.adventureList.items ?? []).compactMap { $0 }
            error = nil
        } catch {
            self.error = "\(error)"
        }
    }

    /// The image bytes, fetched with the same auth headers as the queries.
    func imageData(path: String) async -> Data? {
        guard let aem = transport as? AEMTransport, let url = aem.imageURL(path: path),
              let request = try? await aem.authorizedRequest(for: url),
              let (data, _) = try? await URLSession.shared.data(for: request) else { return nil }
        return data
    }
}

struct AdventureListView: View {
    @State private var store = AdventureStore()

    var body: some View {
        NavigationStack {
            List(store.adventures, id: \.slug) { adventure in
                NavigationLink(value: adventure.slug ?? "") {
                    VStack(alignment: .leading) {
                        Text(adventure.title ?? "Untitled").font(.headline)
                        Text("\(adventure.activity ?? "") · \(adventure.tripLength ?? "")").font(.subheadline).foregroundStyle(.secondary)
                    }
                }
            }
            .overlay { if let error = store.error { Text(error).foregroundStyle(.red) } }
            .navigationTitle("WKND Adventures")
            .navigationDestination(for: String.self) { slug in AdventureDetailView(store: store, slug: slug) }
            .refreshable { await store.load() }
            .task { await store.load() }
        }
    }
}

struct AdventureDetailView: View {
    let store: AdventureStore
    let slug: String
    @State private var adventure: AdventureBySlugQuery.Data.AdventureModelResults.AdventureModel?
    @State private var image: Image?

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                if let image { image.resizable().scaledToFit() }
                Text(adventure?.title ?? slug).font(.title)
                if let price = adventure?.price { Text("USD \(price, specifier: "%.2f")") }
                Text(adventure?.description?.plaintext ?? "")
            }
            .padding()
        }
        .task {
            adventure = try? await store.connector.adventureBySlugQuery.execute(slug: slug).data?.adventureList.items.compactMap { $0 }.first
            if case .imageRef(let ref)? = adventure?.primaryImage, let path = ref._dynamicUrl ?? ref._path,
               let data = await store.imageData(path: path) {
                image = Self.image(data)
            }
        }
    }

    static func image(_ data: Data) -> Image? {
        #if canImport(UIKit)
        return UIImage(data: data).map(Image.init(uiImage:))
        #elseif canImport(AppKit)
        return NSImage(data: data).map(Image.init(nsImage:))
        #else
        return nil
        #endif
    }
}

/// The app: mark it `@main` in an app target.
struct WKNDAdventuresApp: App {
    var body: some Scene {
        WindowGroup { AdventureListView() }
    }
}
#endif
