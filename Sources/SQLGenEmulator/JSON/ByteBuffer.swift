// The buffer planned queries write their answers into: a list's tens of kilobytes a few bytes at
// a time, where an Array's uniqueness check and generic append on every cell cost more than the
// copy itself.

import SQLGenJSON

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
