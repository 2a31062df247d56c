import Foundation
@testable import SQLConnect

/// Test variables with a fixed member order, like a generated `Variables` struct encodes them.
enum OrderedJSON: Encodable, Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([OrderedJSON])
    case object([Pair])

    struct Pair: Hashable, Sendable {
        let key: String
        let value: OrderedJSON
    }

    static func fields(_ pairs: (String, OrderedJSON)...) -> OrderedJSON {
        .object(pairs.map { Pair(key: $0.0, value: $0.1) })
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let pairs):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for pair in pairs { try container.encode(pair.value, forKey: AnyCodingKey(pair.key)) }
        }
    }
}

extension OrderedJSON: OperationVariable {}

extension OrderedJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: OrderedJSON...) { self = .array(elements) }
}

/// The AEM notes' encoding table (aem-headless-client-js 4.x column), path `/graphql/execute.json/wknd-shared/q`.
enum AEMEncodingTable {
    static let rows: [(variables: OrderedJSON, suffix: String)] = [
        (.fields(("slug", "bali-surf-camp")), "%3Bslug%3Dbali-surf-camp;"),
        (.fields(("activity", "Rock Climbing")), "%3Bactivity%3DRock%20Climbing;"),
        (.fields(("adventurePath", "/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp")),
         "%3BadventurePath%3D%2Fcontent%2Fdam%2Fwknd-shared%2Fen%2Fadventures%2Fbali-surf-camp%2Fbali-surf-camp;"),
        (.fields(("slug", "test"), ("locale", "en")), "%3Bslug%3Dtest%3Blocale%3Den;"),
        (.fields(("imageWidth", 262), ("imageQuality", 80), ("imageFormat", "PNG")), "%3BimageWidth%3D262%3BimageQuality%3D80%3BimageFormat%3DPNG;"),
        (.fields(("price", 1200), ("priceOperator", "LOWER")), "%3Bprice%3D1200%3BpriceOperator%3DLOWER;"),
        (.fields(("withReference", false)), "%3BwithReference%3Dfalse;"),
        (.fields(("format", "JPG"), ("preferWebp", true), ("size", .fields(("width", 240), ("height", 200)))),
         "%3Bformat%3DJPG%3BpreferWebp%3Dtrue%3Bsize%3D%7B%22width%22%3A240%2C%22height%22%3A200%7D;"),
        (.fields(("tags", ["a", "b"])), "%3Btags%3D%5B%22a%22%2C%22b%22%5D;"),
        (.fields(("first", 5), ("after", .null)), "%3Bfirst%3D5%3Bafter%3Dnull;"),
        // The JS client writes `%3Bq%3Da%3Bb%3Dc...`, which a server splits at the value's `;`:
        // a value holding `;` gets its `%` and `;` escaped first, so it arrives whole.
        (.fields(("q", "a;b=c&d?e#f%g+h é 日")), "%3Bq%3Da%253Bb%3Dc%26d%3Fe%23f%2525g%2Bh%20%C3%A9%20%E6%97%A5;"),
        (.fields(("q", "d?e#f%g+h é 日")), "%3Bq%3Dd%3Fe%23f%25g%2Bh%20%C3%A9%20%E6%97%A5;"),
        (.fields(), ""),
    ]
}
