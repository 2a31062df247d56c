import CoverageGraphQLSDK
import Foundation
import SQLConnect

/// The GraphQL coverage connector decoding responses as a server sends them: unions and
/// interfaces in lists (with a type the SDK does not know), lists of lists with nulls, and
/// fields named after keywords.
@MainActor
enum GraphQLCoverage {
    static func run() throws {
        let search = try decode(SearchQuery.Data.self, #"""
        {"search":[{"__typename":"User","id":"u1","name":"Ada","role":"ADMIN"},null,
          {"__typename":"Post","id":"p1","title":"Notes","grid":[[1,2],[3]],"tags":["a",null]},
          {"__typename":"Comment"},{"__typename":"User","id":"u2","name":"Bob","role":"OWNER"},
          {"__typename":"URLLink","href":"h"},{"__typename":"UrlLink","url":"u"}]}
        """#)
        var seen: [String] = []
        for result in search.search {
            switch result {
            case .user(let user)?: seen.append("user \(user.name) \(user.role?.rawValue ?? "-")")
            case .post(let post)?: seen.append("post \(post.title) \(post.grid ?? []) \(post.tags ?? [])")
            case .urlLink(let link)?: seen.append("URLLink \(link.href ?? "-")")
            case .urlLink_(let link)?: seen.append("UrlLink \(link.url ?? "-")")
            case ._unknown(let base)?: seen.append("other \(base.__typename)")
            case nil: seen.append("null")
            }
        }
        check(seen == ["user Ada ADMIN", "null", #"post Notes [[1, 2], [3]] [Optional("a"), nil]"#, "other Comment", "user Bob OWNER", "URLLink h", "UrlLink u"],
              "a union in a list: \(seen)")
        if search.search.count > 4, case .user(let bob)? = search.search[4] {
            check(bob.role == ._UNKNOWN("OWNER"), "an enum value added later")
        } else {
            check(false, "the fifth result is a user")
        }

        let nodes = try decode(NodesQuery.Data.self, #"""
        {"nodes":[{"__typename":"User","id":"u1","name":"Ada","default":"d","self":"s","Type":"t","Data":"x","Protocol":"p"},
          {"__typename":"Post","id":"p1","author":{"name":"Ada"}},{"__typename":"Comment","id":"c1"}]}
        """#)
        if case .user(let ada)? = nodes.nodes.first {
            check(ada.default == "d" && ada.`self` == "s" && ada.Type == "t" && ada.Data == "x" && ada.Protocol == "p", "keyword fields on an interface case")
        } else {
            check(false, "the first node is a user")
        }
        if case ._unknown(let other)? = nodes.nodes.last { check(other.id == "c1", "an unknown type keeps the interface's fields") }

        let grid = try decode(GridQuery.Data.self, #"{"grid":[[1,null],null,[]]}"#)
        check(grid.grid?.count == 3 && grid.grid?[0] == [1, nil] && grid.grid?[1] == nil, "a list of lists with nulls")

        let users = try decode(UsersQuery.Data.self, #"{"me":{"name":"Ada","friends":[{"name":"Bob"}]},"other":{"name":"Cy"},"user":{"id":"u1"},"a_b":{"id":"u3"},"aB":{"name":"Cy"}}"#)
        check(users.me?.friends.map(\.name) == ["Bob"] && users.other?.name == "Cy" && users.user?.id == "u1", "sibling fields of one type")
        check(users.a_b?.id == "u3" && users.aB?.name == "Cy", "aliases that differ only in underscores and case")
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}
