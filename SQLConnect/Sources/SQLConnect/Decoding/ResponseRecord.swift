import Foundation

/// A generated result struct whose members live in a `ResponseRecord`: the struct is one reference,
/// its properties read the record, and decoding is done here from the struct's `ResponseShape`.
///
/// Stored properties with a decoder of their own cost the compiler several times more per member
/// than a getter over a record (value witnesses, accessors and a decoder per struct); the record
/// also makes a struct cheap to copy.
///
/// `print`, `dump` and the debugger show the members by name, in the struct's `__record`.
public protocol ResponseRecordDecodable: Decodable, Sendable {
    /// The members the struct reads, in the order its properties index the record. Generated
    /// structs build it in a getter, which compiles faster than a stored static; the runtime
    /// reads it once per type (`decodingShape`).
    static var __shape: ResponseShape { get }
    /// The struct over a record decoded with `__shape`.
    init(__record: ResponseRecord)
}

extension ResponseRecordDecodable {
    /// Reads the members from the object that holds them (what a union's case reads with).
    public init(response: ResponseObject) throws {
        self.init(__record: try ResponseRecord(decoding: Self.decodingShape, from: response))
    }

    public init(from decoder: any Decoder) throws {
        try self.init(response: ResponseObject(decoder: decoder))
    }
}

/// The members of a result struct: response keys and the type each decodes as.
public struct ResponseShape: Sendable {
    let members: [Member]

    struct Member: Sendable {
        let key: String
        let decode: MemberDecoder
    }

    /// `members` are the response keys separated by spaces (GraphQL names never hold one), each
    /// with its type after a colon: `S` String, `I` Int, `D` Double, `B` Bool, `U` UUID,
    /// `L` Int64, `A` AnyValue, or a number, the place of its type in `types`; `[...]` for a list
    /// and a trailing `?` for an optional (which reads a missing member as nil), as in
    /// `"title:S tags:[S]? director:0?"`. Types are spelled in a string rather than as
    /// metatypes because a literal array of metatypes is much slower to compile.
    /// (Without colons: one type of `types` per key, in order.)
    public init(_ members: StaticString, _ types: [any (Decodable & Sendable).Type]) {
        let entries = members.description.split(separator: " ", omittingEmptySubsequences: true)
        guard entries.first?.contains(":") == true else {
            self.members = zip(entries, types).map { Member(key: String($0), decode: MemberDecoder($1)) }
            return
        }
        self.members = entries.map { entry in
            let colon = entry.firstIndex(of: ":") ?? entry.endIndex
            let code = entry[colon...].dropFirst()
            guard let type = Self.type(code, types) else {
                preconditionFailure("SQLConnect: the generated shape member \"\(entry)\" has no type this runtime knows")
            }
            return Member(key: String(entry[..<colon]), decode: MemberDecoder(type))
        }
    }

    /// The metatype a member's type code spells.
    private static func type(_ code: Substring, _ types: [any (Decodable & Sendable).Type]) -> (any (Decodable & Sendable).Type)? {
        if code.hasSuffix("?") { return type(code.dropLast(), types).map(optional) }
        if code.hasPrefix("["), code.hasSuffix("]") { return type(code.dropFirst().dropLast(), types).map(list) }
        switch code {
        case "S": return String.self
        case "I": return Int.self
        case "D": return Double.self
        case "B": return Bool.self
        case "U": return UUID.self
        case "L": return Int64.self
        case "A": return AnyValue.self
        default: return Int(code).flatMap { types.indices.contains($0) ? types[$0] : nil }
        }
    }

    private static func optional(_ type: any (Decodable & Sendable).Type) -> any (Decodable & Sendable).Type {
        func wrap<Wrapped: Decodable & Sendable>(_: Wrapped.Type) -> any (Decodable & Sendable).Type { Wrapped?.self }
        return wrap(type)
    }

    private static func list(_ type: any (Decodable & Sendable).Type) -> any (Decodable & Sendable).Type {
        func wrap<Element: Decodable & Sendable>(_: Element.Type) -> any (Decodable & Sendable).Type { [Element].self }
        return wrap(type)
    }
}

/// The decoded members of one response object, in the order of its `ResponseShape`.
///
/// The common scalars are kept as themselves, so a property reads one without a dynamic cast;
/// any other member is kept boxed.
public final class ResponseRecord: Sendable, CustomReflectable {
    let values: [Slot]
    /// The keys and types of the values, for mirrors.
    let shape: ResponseShape

    /// One member: a common scalar, none (a missing or null optional), or any other value.
    enum Slot: Sendable {
        case none
        case string(String), int(Int), double(Double), bool(Bool), uuid(UUID), int64(Int64)
        case other(MemberBox)

        var value: Any {
            switch self {
            case .none: return Optional<Any>.none as Any
            case .string(let value): return value
            case .int(let value): return value
            case .double(let value): return value
            case .bool(let value): return value
            case .uuid(let value): return value
            case .int64(let value): return value
            case .other(let box): return box.value
            }
        }

        var string: String? { if case .string(let value) = self { value } else { nil } }
        var int: Int? { if case .int(let value) = self { value } else { nil } }
        var double: Double? { if case .double(let value) = self { value } else { nil } }
        var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
        var uuid: UUID? { if case .uuid(let value) = self { value } else { nil } }
        var int64: Int64? { if case .int64(let value) = self { value } else { nil } }
    }

    /// Decodes every member of `shape` from `response`; the errors are the `DecodingError`s of
    /// the member that failed, with its coding path.
    init(decoding shape: ResponseShape, from response: ResponseObject) throws {
        var values: [Slot] = []
        values.reserveCapacity(shape.members.count)
        for member in shape.members {
            values.append(try member.decode.decode(member.key, from: response))
        }
        self.values = values
        self.shape = shape
    }

    /// The members by response key, each as its property's type holds it.
    public var customMirror: Mirror {
        let children = zip(shape.members, values).map { (label: Optional($0.key), value: $0.decode.mirrorValue($1)) }
        return Mirror(self, children: children, displayStyle: .struct)
    }

    /// Member `index` as its shape decoded it. The generator writes each property's index and
    /// type from the same member list as the shape, so a mismatch is a generator bug.
    public subscript<Value>(index: Int) -> Value {
        guard values.indices.contains(index), let value = values[index].value as? Value else { mismatch(index, Value.self) }
        return value
    }

    public func string(_ index: Int) -> String { required(index) { $0.string } }
    public func stringIfPresent(_ index: Int) -> String? { optional(index) { $0.string } }
    public func int(_ index: Int) -> Int { required(index) { $0.int } }
    public func intIfPresent(_ index: Int) -> Int? { optional(index) { $0.int } }
    public func double(_ index: Int) -> Double { required(index) { $0.double } }
    public func doubleIfPresent(_ index: Int) -> Double? { optional(index) { $0.double } }
    public func bool(_ index: Int) -> Bool { required(index) { $0.bool } }
    public func boolIfPresent(_ index: Int) -> Bool? { optional(index) { $0.bool } }
    public func uuid(_ index: Int) -> UUID { required(index) { $0.uuid } }
    public func uuidIfPresent(_ index: Int) -> UUID? { optional(index) { $0.uuid } }
    public func int64(_ index: Int) -> Int64 { required(index) { $0.int64 } }
    public func int64IfPresent(_ index: Int) -> Int64? { optional(index) { $0.int64 } }

    @inline(__always)
    private func required<Value>(_ index: Int, _ scalar: (Slot) -> Value?) -> Value {
        guard let value = scalar(values[index]) else { mismatch(index, Value.self) }
        return value
    }

    @inline(__always)
    private func optional<Value>(_ index: Int, _ scalar: (Slot) -> Value?) -> Value? {
        let slot = values[index]
        if case .none = slot { return nil }
        guard let value = scalar(slot) else { mismatch(index, Value?.self) }
        return value
    }

    private func mismatch(_ index: Int, _ type: Any.Type) -> Never {
        preconditionFailure("SQLConnect: member \(index) of a response record is not a \(type); the result type's shape and properties disagree")
    }
}

/// A member that is not a common scalar (a nested struct, a list, an enum, a custom scalar).
/// Sendable: it holds a value of a shape's member type, and those are `Sendable`.
final class MemberBox: @unchecked Sendable {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}
