// The tuples a planned level's references and relations follow (a movie's `id` for its
// reviews), kept as bytes copied out of the SQLite row: no `SQLValue` array or `String` per
// row, and numbering by a hash of those bytes instead of hashing value arrays.
//
// Byte equality must be the value equality the generic executor numbers parents by, so text
// that is not ASCII (where `String` compares canonically equivalent spellings equal) makes the
// plan give up, and reals are stored with -0.0 turned into 0.0.

#if canImport(Glibc)
import Glibc
import SQLGenJSON
#elseif canImport(Darwin)
import Darwin
#endif

/// Encodes cells as pointer bytes: per value a tag, then 8 bytes for numbers or a 4-byte length
/// and the bytes for text and blobs.
enum PointerCodec {
    private static let nullTag: UInt8 = 0, integerTag: UInt8 = 1, realTag: UInt8 = 2, textTag: UInt8 = 3, blobTag: UInt8 = 4

    /// Appends `cell`; returns false when it is NULL. Throws when the bytes could not stand for
    /// the value (text that is not ASCII).
    static func append<Out: ByteSink & ~Copyable>(_ cell: Cell, to bytes: inout Out) throws(FieldFailure) -> Bool {
        switch cell.kind {
        case .integer:
            bytes.append(integerTag)
            bytes.append(word: UInt64(bitPattern: cell.int64))
        case .real:
            let value = cell.double
            bytes.append(realTag)
            bytes.append(word: (value == 0 ? 0.0 : value).bitPattern)
        case .text:
            let buffer = cell.text ?? UnsafeBufferPointer(start: nil, count: 0)
            var high: UInt8 = 0
            for byte in buffer { high |= byte }
            guard high < 0x80 else { throw RenderedRows.unplannable }
            bytes.append(textTag)
            bytes.append(word: UInt32(truncatingIfNeeded: buffer.count))
            bytes.append(bytes: buffer)
        case .blob:
            let blob = cell.blob
            bytes.append(blobTag)
            bytes.append(word: UInt32(truncatingIfNeeded: blob.count))
            if !blob.isEmpty { bytes.append(bytes: blob) }
        case .null:
            bytes.append(nullTag)
            return false
        }
        return true
    }

    /// Whether the cells `columns` of the statement's current row encode as `encoded`, compared
    /// in place (what `append` would write, without writing it).
    static func matches(_ statement: any SQLStatement, _ columns: Range<Int32>, _ encoded: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(encoded)
        var offset = 0
        for index in columns {
            guard offset < raw.count else { return false }
            let tag = raw[offset]
            offset += 1
            let cell = statement.cell(at: index)
            let kind = cell.kind
            switch kind {
            case .integer:
                guard tag == integerTag, offset + 8 <= raw.count,
                      raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == UInt64(bitPattern: cell.int64) else { return false }
                offset += 8
            case .real:
                let value = cell.double
                guard tag == realTag, offset + 8 <= raw.count,
                      raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == (value == 0 ? 0.0 : value).bitPattern else { return false }
                offset += 8
            case .text, .blob:
                let isText = kind == .text
                guard tag == (isText ? textTag : blobTag), offset + 4 <= raw.count else { return false }
                let bytes = isText ? UnsafeRawBufferPointer(cell.text ?? UnsafeBufferPointer(start: nil, count: 0)) : cell.blob
                let pointer = bytes.baseAddress
                let count = pointer == nil ? 0 : bytes.count
                let stored = Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                offset += 4
                guard stored == count, offset + count <= raw.count else { return false }
                if count > 0, let pointer, let base = raw.baseAddress, !Self.equalBytes(base + offset, pointer, count) { return false }
                offset += count
            case .null:
                guard tag == nullTag else { return false }
            }
        }
        return offset == raw.count
    }

    /// `memcmp(a, b, count) == 0`, inline for the short keys pointers mostly are (a 32-digit
    /// UUID compares in four 8-byte loads each) instead of a call per row.
    @inline(__always)
    private static func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        guard count <= 64 else { return memcmp(a, b, count) == 0 }
        var offset = 0
        var difference: UInt64 = 0
        while offset + 8 <= count {
            difference |= a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < count {
            difference |= UInt64(a.load(fromByteOffset: offset, as: UInt8.self) ^ b.load(fromByteOffset: offset, as: UInt8.self))
            offset += 1
        }
        return difference == 0
    }

    /// Binds the values encoded in `bytes` to parameters from `index` on, advancing it. Text
    /// and blobs are borrowed (see `SQLStatement.bind(bytes:isText:at:borrowed:)`).
    static func bind(_ bytes: UnsafeBufferPointer<UInt8>, to statement: any SQLStatement, from index: inout Int32) throws(DatabaseError) {
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset < raw.count {
            let tag = raw[offset]
            offset += 1
            switch tag {
            case integerTag:
                try statement.bind(.integer(Int64(bitPattern: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))), at: index)
                offset += 8
            case realTag:
                try statement.bind(.real(Double(bitPattern: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))), at: index)
                offset += 8
            case textTag, blobTag:
                let count = Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                offset += 4
                try statement.bind(bytes: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)]), isText: tag == textTag, at: index, borrowed: true)
                offset += count
            default:
                try statement.bind(.null, at: index)
            }
            index += 1
        }
    }
}

/// Distinct encoded tuples, numbered 0, 1, 2... in first-seen order: an open-addressing table
/// over their bytes.
struct PointerSet {
    /// The tuples back to back; tuple `n` is `bytes[start(n)..<ends[n]]`.
    private(set) var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// Tuple number + 1 per slot (0: empty); a power of two, at most half full.
    private var slots: [Int32]

    /// Room for `capacity` tuples of `byteCapacity` bytes in all.
    init(capacity: Int, byteCapacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        ends.reserveCapacity(capacity)
        bytes.reserveCapacity(byteCapacity)
    }

    var count: Int { ends.count }

    func range(_ number: Int) -> Range<Int> { (number == 0 ? 0 : ends[number - 1])..<ends[number] }

    /// The number of `tuple`, added when new.
    mutating func number(_ tuple: UnsafeBufferPointer<UInt8>) -> Int {
        let (slot, found) = find(tuple)
        if let found { return found }
        let number = ends.count
        bytes.append(contentsOf: tuple)
        ends.append(bytes.count)
        slots[slot] = Int32(number + 1)
        if ends.count * 2 > slots.count { grow() }
        return number
    }

    /// The number of `tuple`, nil when it is not in the set.
    func existing(_ tuple: UnsafeBufferPointer<UInt8>) -> Int? { find(tuple).found }

    /// The slot holding `tuple`, or the empty slot where it would go.
    private func find(_ tuple: UnsafeBufferPointer<UInt8>) -> (slot: Int, found: Int?) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(tuple)) & mask
        return bytes.withUnsafeBufferPointer { stored in
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return (slot, nil) }
                let range = self.range(entry - 1)
                if range.count == tuple.count, Self.equal(UnsafeBufferPointer(rebasing: stored[range]), tuple) { return (slot, entry - 1) }
                slot = (slot + 1) & mask
            }
        }
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        bytes.withUnsafeBufferPointer { stored in
            for number in 0..<ends.count {
                var slot = Int(truncatingIfNeeded: Self.hash(UnsafeBufferPointer(rebasing: stored[range(number)]))) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(number + 1)
            }
        }
    }

    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0, let first = a.baseAddress, let second = b.baseAddress else { return true }
        return memcmp(first, second, a.count) == 0
    }

    /// A multiply-xorshift hash, eight bytes at a time.
    private static func hash(_ tuple: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(tuple)
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(raw.count)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            offset += 8
        }
        while offset < raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* 0x9E37_79B9_7F4A_7C15
            offset += 1
        }
        hash ^= hash >> 32
        hash = hash &* 0xD6E8_FEB8_6659_FD93
        return hash ^ (hash >> 32)
    }
}
