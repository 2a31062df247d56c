// Where JSON is written: an `[UInt8]`, or a buffer of the caller's (the emulator writes planned
// answers into one of its own). The writers are generic over it, and inlinable, so that each
// destination gets its own specialized code.

/// A destination for JSON bytes.
public protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeRawBufferPointer)
    /// The 8 bytes of `word`, little-endian.
    mutating func append(word: UInt64)
    /// The 4 bytes of `word`, little-endian.
    mutating func append(word: UInt32)
}

extension ByteSink where Self: ~Copyable {
    @inlinable
    public mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes: UnsafeRawBufferPointer(bytes))
    }

    /// The UTF-8 of a literal (`"null"`, `"true"`).
    @inlinable
    public mutating func append(_ text: StaticString) {
        guard text.hasPointerRepresentation else {
            text.withUTF8Buffer { append(bytes: UnsafeRawBufferPointer($0)) }
            return
        }
        append(bytes: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension Array: ByteSink where Element == UInt8 {
    @inlinable
    public mutating func append(bytes: UnsafeRawBufferPointer) {
        append(contentsOf: bytes)
    }

    // Byte by byte: cheaper on an Array than a generic append of a few bytes.
    @inlinable
    public mutating func append(word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8(truncatingIfNeeded: word >> shift)) }
    }

    @inlinable
    public mutating func append(word: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: word >> shift)) }
    }
}
