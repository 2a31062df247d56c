// Calls the operations of this target's connector against the local emulator:
//   swift run sqlgen emulator --config Examples/PluginApp/Sources/PluginApp/connector.yaml
//   swift run --package-path Examples/PluginApp PluginApp
// SQLGEN_EMULATOR_PORT picks another port than 9399. The SDK is part of this module (SQLGenPlugin
// generated it at build time), so there is nothing to import but the runtime.
import Foundation
import SQLConnect

let port = Int(ProcessInfo.processInfo.environment["SQLGEN_EMULATOR_PORT"] ?? "") ?? 9399
let connector = DataConnect.shelfConnector
connector.useEmulator(port: port)

do {
    let added = try await connector.addBookMutation.execute(title: "The Left Hand of Darkness", author: "Ursula K. Le Guin") { vars in
        vars.year = 1969
        vars.format = .PAPERBACK
    }
    print("added: \(added.data?.book_insert.id.uuidString.lowercased() ?? "no key")")
    let books = try await connector.booksByAuthorQuery.execute(fetchPolicy: .serverOnly, author: "Ursula K. Le Guin")
    let shelf = books.data?.books ?? []
    print("listed: \(shelf.count) book\(shelf.count == 1 ? "" : "s") by Ursula K. Le Guin")
    // Printing a row shows every field the query selects: a field added to queries.gql shows up
    // here after the next build, with no change to this file.
    for book in shelf { print("- \(book)") }
} catch {
    print("error: \(error)")
    exit(1)
}
