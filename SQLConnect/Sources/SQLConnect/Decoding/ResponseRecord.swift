import Foundation

/// A generated result struct whose members live in a `ResponseRecord`: the struct is one reference,
/// its properties read the record, and decoding is done here from the struct's `ResponseShape`.
///
/// Stored properties with a decoder of their own cost the compiler several times more per member
/// than a getter over a record (value witnesses, accessors and a decoder per struct); the record
/// also makes a struct cheap to copy.
///
/// `print`, `dump` and the debugger show the members by name, as they would stored properties.
public protocol ResponseRecordDecodable: ResponseDecodable, Sendable, CustomReflectable {
    /// The members the struct reads, in the order its properties index the record.
    static var __shape: ResponseShape { get }
    /// The decoded members.
    var __record: ResponseRecord { get }
    /// The struct over a record decoded with `__shape`.
    init(__record: ResponseRecord)
}

extension ResponseRecordDecodable {
    public init(response: ResponseObject) throws {
        self.init(__record: try ResponseRecord(decoding: Self.__shape, from: response))
    }

    public var customMirror: Mirror {
        let children = zip(Self.__shape.members, __record.values).map { (label: Optional($0.key), value: $1) }
        return Mirror(self, children: children, displayStyle: .struct)
    }
}

import Foundation

/// The members of a result struct: response keys and the type each decodes as.
public struct ResponseShape: Sendable {
    let members: [Member]

    struct Member: Sendable {
        let key: String
        let decode: MemberDecoder
    }

    /// `keys` are the response keys separated by spaces (GraphQL names never hold one), `types`
    /// the member types in the same order; an optional type reads a missing member as nil.
    public init(_ keys: StaticString, _ types: [any (Decodable & Sendable).Type]) {
        let names = keys.description.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        members = zip(names, types).map { Member(key: $0, decode: MemberDecoder($1)) }
    }
}

/// How one member decodes: the common scalars through `ResponseObject`'s own methods (chosen
/// once per shape, not per value), other types generically, optional types through
/// `decodeIfPresent` of their wrapped type.
enum MemberDecoder: @unchecked Sendable {
    case scalar(Scalar, optional: Bool)
    /// A nested result struct, or a list of them: read from the parsed tree in place.
    case record(any ResponseRecordDecodable.Type, list: Bool, optional: Bool)
    case required(any (Decodable & Sendable).Type)
    case optional(any OptionalMember.Type)

    enum Scalar {
        case string, int, double, bool, uuid, int64
    }

    private static let scalars: [(required: Any.Type, optional: Any.Type, scalar: Scalar)] = [
        (String.self, String?.self, .string), (Int.self, Int?.self, .int), (Double.self, Double?.self, .double),
        (Bool.self, Bool?.self, .bool), (UUID.self, UUID?.self, .uuid), (Int64.self, Int64?.self, .int64),
    ]

    init(_ type: any (Decodable & Sendable).Type) {
        if let known = Self.scalars.first(where: { $0.required == type || $0.optional == type }) {
            self = .scalar(known.scalar, optional: known.optional == type)
        } else if let record = Self.record(type) {
            self = record
        } else if let optional = type as? any OptionalMember.Type {
            self = .optional(optional)
        } else {
            self = .required(type)
        }
    }

    func decode(_ key: String, from response: ResponseObject) throws -> Any {
        switch self {
        case .scalar(let scalar, let optional):
            return try optional ? Self.optional(scalar, key, response) : Self.required(scalar, key, response)
        case .record(let type, let list, let optional):
            guard let member = try response.treeMember(key, optional: optional) else {
                return try fallback.decode(key, from: response)
            }
            return try list ? Self.records(type, member, optional: optional) : Self.record(type, member, optional: optional)
        case .required(let type): return try Self.required(type, key, response)
        case .optional(let type): return try type.decodeMember(key, from: response)
        }
    }

    /// `Record`, `Record?`, `[Record]` or `[Record]?` as the case it is.
    private static func record(_ type: any (Decodable & Sendable).Type) -> MemberDecoder? {
        let optional = type as? any OptionalMember.Type
        let unwrapped: Any.Type = optional?.wrappedType ?? type
        if let record = unwrapped as? any ResponseRecordDecodable.Type {
            return .record(record, list: false, optional: optional != nil)
        }
        if let list = unwrapped as? any ListMember.Type, let record = list.elementType as? any ResponseRecordDecodable.Type {
            return .record(record, list: true, optional: optional != nil)
        }
        return nil
    }

    /// The generic decoder of a `.record` case, for decoders other than SQLConnect's.
    private var fallback: MemberDecoder {
        guard case .record(let type, let list, let optional) = self else { return self }
        let member: any (Decodable & Sendable).Type = list ? type.listType : type
        return optional ? .optional(member.optionalType) : .required(member)
    }

    private static func record<Record: ResponseRecordDecodable>(_ type: Record.Type, _ member: TreeDecoder?, optional: Bool) throws -> Any {
        guard let member else { return Record?.none as Any }
        let record = Record(__record: try ResponseRecord(decoding: Record.__shape, from: ResponseObject(tree: member.objectContainer())))
        return optional ? Optional(record) as Any : record
    }

    /// The items as `TreeUnkeyedContainer` reads them: the same errors and coding paths.
    private static func records<Record: ResponseRecordDecodable>(_ type: Record.Type, _ member: TreeDecoder?, optional: Bool) throws -> Any {
        guard let member else { return [Record]?.none as Any }
        guard case .array(let items) = member.value else { throw member.mismatch([Any].self) }
        var records: [Record] = []
        records.reserveCapacity(items.count)
        let path = member.path
        for (index, item) in items.enumerated() {
            let decoder = TreeDecoder(value: item, parent: path, component: .index(index))
            records.append(Record(__record: try ResponseRecord(decoding: Record.__shape, from: ResponseObject(tree: decoder.objectContainer()))))
        }
        return optional ? Optional(records) as Any : records
    }

    private static func required(_ scalar: Scalar, _ key: String, _ response: ResponseObject) throws -> Any {
        switch scalar {
        case .string: return try response.string(forKey: key)
        case .int: return try response.int(forKey: key)
        case .double: return try response.double(forKey: key)
        case .bool: return try response.bool(forKey: key)
        case .uuid: return try response.uuid(forKey: key)
        case .int64: return try response.int64(forKey: key)
        }
    }

    private static func optional(_ scalar: Scalar, _ key: String, _ response: ResponseObject) throws -> Any {
        switch scalar {
        case .string: return try response.stringIfPresent(forKey: key) as Any
        case .int: return try response.intIfPresent(forKey: key) as Any
        case .double: return try response.doubleIfPresent(forKey: key) as Any
        case .bool: return try response.boolIfPresent(forKey: key) as Any
        case .uuid: return try response.uuidIfPresent(forKey: key) as Any
        case .int64: return try response.int64IfPresent(forKey: key) as Any
        }
    }

    private static func required<Value: Decodable & Sendable>(_ type: Value.Type, _ key: String, _ response: ResponseObject) throws -> Any {
        try response.decode(type, forKey: key)
    }
}

/// `Optional` members: nil when the member is missing or null.
protocol OptionalMember {
    static var wrappedType: Any.Type { get }
    static func decodeMember(_ key: String, from response: ResponseObject) throws -> Any
}

extension Optional: OptionalMember where Wrapped: Decodable {
    static var wrappedType: Any.Type { Wrapped.self }

    static func decodeMember(_ key: String, from response: ResponseObject) throws -> Any {
        try response.decodeIfPresent(Wrapped.self, forKey: key) as Wrapped? as Any
    }
}

/// List members, to find lists of result structs.
protocol ListMember {
    static var elementType: Any.Type { get }
}

extension Array: ListMember where Element: Decodable {
    static var elementType: Any.Type { Element.self }
}

extension ResponseRecordDecodable {
    static var listType: any (Decodable & Sendable).Type { [Self].self }
}

extension Decodable where Self: Sendable {
    static var optionalType: any OptionalMember.Type { Self?.self }
}

/// The decoded members of one response object, in the order of its `ResponseShape`.
///
/// Sendable: the values never change, and each is of a shape's member type, which is `Sendable`.
public final class ResponseRecord: @unchecked Sendable {
    let values: [Any]

    /// Decodes every member of `shape` from `response`; the errors are the `DecodingError`s of
    /// the member that failed, with its coding path.
    public init(decoding shape: ResponseShape, from response: ResponseObject) throws {
        var values: [Any] = []
        values.reserveCapacity(shape.members.count)
        for member in shape.members {
            values.append(try member.decode.decode(member.key, from: response))
        }
        self.values = values
    }

    /// Member `index` as its shape decoded it. The generator writes each property's index and
    /// type from the same member list as the shape, so a mismatch is a generator bug.
    public subscript<Value>(index: Int) -> Value {
        guard values.indices.contains(index), let value = values[index] as? Value else {
            preconditionFailure("SQLConnect: member \(index) of a response record is not a \(Value.self); the result type's shape and properties disagree")
        }
        return value
    }
}
