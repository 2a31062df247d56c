// A SwiftUI view bound to a query ref: compiled only where SwiftUI exists (Apple platforms).
#if canImport(SwiftUI)
import MoviesSDK
import SQLConnect
import SwiftUI

@available(iOS 17, macOS 14, *)
struct MovieListView: View {
    let ref = DataConnect.moviesConnector.listMoviesByGenreQuery.ref(genre: "Sci-Fi")

    var body: some View {
        NavigationStack {
            List(ref.data?.movies ?? []) { movie in
                VStack(alignment: .leading) {
                    Text(movie.title).font(.headline)
                    Text(movie.releaseYear.map(String.init) ?? "").font(.subheadline)
                }
            }
            .overlay {
                if let error = ref.lastError { Text(String(describing: error)).foregroundStyle(.red) }
            }
            .toolbar {
                Button("Refresh") {
                    Task { try? await ref.execute(fetchPolicy: .serverOnly) }
                }
            }
            .task { _ = try? await ref.execute() }
            .navigationTitle("Sci-Fi")
        }
    }
}
#endif
