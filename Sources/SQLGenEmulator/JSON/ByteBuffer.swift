// Where JSON is written: an `[UInt8]` (the generic executor) or a `ByteBuffer` (planned queries,
// which write a list's tens of kilobytes a few bytes at a time: there an Array's uniqueness check
// and generic append on every cell cost more than the copy itself).

/// A destination for JSON bytes.
protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeRawBufferPointer)
    /// The 8 bytes of `word`, little-endian.
    mutating func append(word: UInt64)
    /// The 4 bytes of `word`, little-endian.
    mutating func append(word: UInt32)
}

extension ByteSink where Self: ~Copyable {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes: UnsafeRawBufferPointer(bytes))
    }

    /// The UTF-8 of a literal (`"null"`, `"true"`).
    mutating func append(_ text: StaticString) {
        guard text.hasPointerRepresentation else {
            text.withUTF8Buffer { append(bytes: UnsafeRawBufferPointer($0)) }
            return
        }
        append(bytes: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(bytes: UnsafeRawBufferPointer) {
        append(contentsOf: bytes)
    }

    // Byte by byte: cheaper on an Array than a generic append of a few bytes.
    mutating func append(word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8(truncatingIfNeeded: word >> shift)) }
    }

    mutating func append(word: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: word >> shift)) }
    }
}

/// A growable run of bytes owned by one value (not copyable, so it is freed exactly once),
/// appended to through a pointer: a capacity compare and a copy per append.
struct ByteBuffer: ~Copyable, ByteSink {
    private var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity &- count < extra { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        newBase.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    @inline(__always)
    mutating func append(bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        reserve(length)
        let destination = base + count
        if length >= 8, length <= 16 {
            // Keys and short values (`,"title":`): two overlapping words, not a call to memcpy.
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            destination.storeBytes(of: head, as: UInt64.self)
            destination.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else {
            destination.copyMemory(from: source, byteCount: length)
        }
        count &+= length
    }

    @inline(__always)
    mutating func append(word: UInt64) {
        reserve(8)
        base.storeBytes(of: word.littleEndian, toByteOffset: count, as: UInt64.self)
        count &+= 8
    }

    @inline(__always)
    mutating func append(word: UInt32) {
        reserve(4)
        base.storeBytes(of: word.littleEndian, toByteOffset: count, as: UInt32.self)
        count &+= 4
    }

    /// Appends `bytes[range]` of another buffer (not of this one: growing would free them first).
    @inline(__always)
    mutating func append(_ other: borrowing ByteBuffer, range: Range<Int>) {
        append(bytes: other.bytes(range))
    }

    /// The bytes `range` (valid until the next append).
    @inline(__always)
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Runs `body` on all the bytes (valid only inside it).
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try UnsafeRawBufferPointer(start: base, count: count).withMemoryRebound(to: UInt8.self, body)
    }

    /// Drops the bytes from `newCount` on.
    mutating func truncate(to newCount: Int) {
        count = min(max(0, newCount), count)
    }

    /// Writes `bytes` (at most `maxCount` of them) straight into the buffer: `body` gets room
    /// for `maxCount` bytes and returns how many it wrote.
    @inline(__always)
    mutating func write(maxCount: Int, _ body: (UnsafeMutableRawPointer) -> Int) {
        reserve(maxCount)
        let written = body(base + count)
        count &+= min(max(0, written), maxCount)
    }

    /// A copy of the bytes as an array.
    var array: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let destination = buffer.baseAddress, count > 0 {
                UnsafeMutableRawPointer(destination).copyMemory(from: base, byteCount: count)
            }
            initialized = count
        }
    }
}
