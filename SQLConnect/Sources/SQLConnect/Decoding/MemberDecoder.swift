import Foundation

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

    func decode(_ key: String, from response: ResponseObject) throws -> ResponseRecord.Slot {
        switch self {
        case .scalar(let scalar, let optional):
            return try optional ? Self.optional(scalar, key, response) : Self.required(scalar, key, response)
        case .record(let type, let list, let optional):
            guard let member = try response.treeMember(key, optional: optional) else {
                return try fallback.decode(key, from: response)
            }
            return .other(MemberBox(try list ? Self.records(type, member, optional: optional) : Self.record(type, member, optional: optional)))
        case .required(let type): return .other(MemberBox(try Self.required(type, key, response)))
        case .optional(let type): return .other(MemberBox(try type.decodeMember(key, from: response)))
        }
    }

    /// The member as its property's type holds it (optional scalars wrapped), for mirrors.
    func mirrorValue(_ slot: ResponseRecord.Slot) -> Any {
        guard case .scalar(_, optional: true) = self else { return slot.value }
        switch slot {
        case .none: return slot.value
        case .string(let value): return Optional(value) as Any
        case .int(let value): return Optional(value) as Any
        case .double(let value): return Optional(value) as Any
        case .bool(let value): return Optional(value) as Any
        case .uuid(let value): return Optional(value) as Any
        case .int64(let value): return Optional(value) as Any
        case .other(let box): return box.value
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
        let record = Record(__record: try ResponseRecord(decoding: Record.decodingShape, from: ResponseObject(tree: member.objectContainer())))
        return optional ? Optional(record) as Any : record
    }

    /// The items as `TreeUnkeyedContainer` reads them: the same errors and coding paths.
    private static func records<Record: ResponseRecordDecodable>(_ type: Record.Type, _ member: TreeDecoder?, optional: Bool) throws -> Any {
        guard let member else { return [Record]?.none as Any }
        guard case .array(let items) = member.value else { throw member.mismatch([Any].self) }
        var records: [Record] = []
        records.reserveCapacity(items.count)
        let path = member.path
        let shape = Record.decodingShape
        for (index, item) in items.enumerated() {
            let decoder = TreeDecoder(value: item, parent: path, component: .index(index))
            records.append(Record(__record: try ResponseRecord(decoding: shape, from: ResponseObject(tree: decoder.objectContainer()))))
        }
        return optional ? Optional(records) as Any : records
    }

    private static func required(_ scalar: Scalar, _ key: String, _ response: ResponseObject) throws -> ResponseRecord.Slot {
        switch scalar {
        case .string: return .string(try response.string(forKey: key))
        case .int: return .int(try response.int(forKey: key))
        case .double: return .double(try response.double(forKey: key))
        case .bool: return .bool(try response.bool(forKey: key))
        case .uuid: return .uuid(try response.uuid(forKey: key))
        case .int64: return .int64(try response.int64(forKey: key))
        }
    }

    private static func optional(_ scalar: Scalar, _ key: String, _ response: ResponseObject) throws -> ResponseRecord.Slot {
        switch scalar {
        case .string: return try response.stringIfPresent(forKey: key).map(ResponseRecord.Slot.string) ?? .none
        case .int: return try response.intIfPresent(forKey: key).map(ResponseRecord.Slot.int) ?? .none
        case .double: return try response.doubleIfPresent(forKey: key).map(ResponseRecord.Slot.double) ?? .none
        case .bool: return try response.boolIfPresent(forKey: key).map(ResponseRecord.Slot.bool) ?? .none
        case .uuid: return try response.uuidIfPresent(forKey: key).map(ResponseRecord.Slot.uuid) ?? .none
        case .int64: return try response.int64IfPresent(forKey: key).map(ResponseRecord.Slot.int64) ?? .none
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
