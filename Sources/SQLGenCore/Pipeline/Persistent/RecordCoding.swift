/// The binary form of a `PackageRecord`: lengths as LEB128 varints, strings as UTF-8. Reading
/// checks every length against what is left, so a damaged or foreign file reads as no record.
struct RecordWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func write(_ value: Int64) { write(UInt64(bitPattern: value)) }
    mutating func write(_ value: Int) { write(UInt64(value)) }
    mutating func write(_ value: Double) { write(value.bitPattern) }
    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func write(_ text: String) {
        write(text.utf8.count)
        bytes += text.utf8
    }

    mutating func write(_ hash: ContentHash) {
        write(hash.high)
        write(hash.low)
    }

    mutating func write(_ fingerprint: FileFingerprint?) {
        write(fingerprint != nil)
        guard let fingerprint else { return }
        write(fingerprint.device)
        write(fingerprint.inode)
        write(fingerprint.size)
        write(fingerprint.modifiedSeconds)
        write(fingerprint.modifiedNanoseconds)
    }

    mutating func write(_ list: [String]) {
        write(list.count)
        for item in list { write(item) }
    }
}

struct RecordReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func readUInt64() throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func readInt64() throws(Malformed) -> Int64 { Int64(bitPattern: try readUInt64()) }
    mutating func readDouble() throws(Malformed) -> Double { Double(bitPattern: try readUInt64()) }

    /// A count or length: no more than the bytes left, so a damaged length cannot ask for more.
    mutating func readCount() throws(Malformed) -> Int {
        let value = try readUInt64()
        guard value <= UInt64(bytes.count - offset) else { throw Malformed() }
        return Int(value)
    }

    mutating func readBool() throws(Malformed) -> Bool {
        guard offset < bytes.count, bytes[offset] <= 1 else { throw Malformed() }
        defer { offset += 1 }
        return bytes[offset] == 1
    }

    mutating func readString() throws(Malformed) -> String {
        let count = try readCount()
        defer { offset += count }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }

    mutating func readHash() throws(Malformed) -> ContentHash {
        ContentHash(high: try readUInt64(), low: try readUInt64())
    }

    mutating func readFingerprint() throws(Malformed) -> FileFingerprint? {
        guard try readBool() else { return nil }
        return FileFingerprint(device: try readUInt64(), inode: try readUInt64(), size: try readInt64(),
                               modifiedSeconds: try readInt64(), modifiedNanoseconds: try readInt64())
    }

    mutating func readStrings() throws(Malformed) -> [String] {
        let count = try readCount()
        var result: [String] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try readString()) }
        return result
    }
}

extension PackageRecord {
    /// Changes whenever the layout below does.
    static let formatMagic = "sqlgen package record 1\n"

    func encoded() -> [UInt8] {
        var writer = RecordWriter()
        writer.write(Self.formatMagic)
        writer.write(context)
        writer.write(recordedAt)
        writer.write(operations.count)
        for operation in operations {
            writer.write(operation.name)
            writer.write(operation.kind == .query)
            writer.write(operation.signature)
            writer.write(operation.file)
            writer.write(operation.readmeSection)
            writer.write(operation.enums)
            writer.write(operation.inputObjects)
        }
        writer.write(sharedFiles.count)
        for file in sharedFiles { writer.write(file) }
        writer.write(enums)
        writer.write(inputObjects)
        writer.write(folders.count)
        for folder in folders {
            writer.write(folder.path)
            writer.write(folder.fingerprint)
        }
        return writer.bytes
    }

    init(decoding bytes: [UInt8]) throws(RecordReader.Malformed) {
        var reader = RecordReader(bytes)
        guard try reader.readString() == Self.formatMagic else { throw RecordReader.Malformed() }
        context = try reader.readHash()
        recordedAt = try reader.readDouble()
        operations = []
        for _ in 0..<(try reader.readCount()) {
            operations.append(Operation(
                name: try reader.readString(), kind: try reader.readBool() ? .query : .mutation, signature: try reader.readHash(),
                file: try reader.readFile(), readmeSection: try reader.readString(), enums: try reader.readStrings(),
                inputObjects: try reader.readStrings()))
        }
        sharedFiles = []
        for _ in 0..<(try reader.readCount()) { sharedFiles.append(try reader.readFile()) }
        enums = try reader.readStrings()
        inputObjects = try reader.readStrings()
        folders = []
        for _ in 0..<(try reader.readCount()) {
            let path = try reader.readString()
            guard let fingerprint = try reader.readFingerprint() else { throw RecordReader.Malformed() }
            folders.append((path, fingerprint))
        }
        guard reader.isAtEnd else { throw RecordReader.Malformed() }
    }
}

private extension RecordWriter {
    mutating func write(_ file: PackageRecord.RecordedFile) {
        write(file.path)
        write(file.hash)
        write(file.fingerprint)
    }
}

private extension RecordReader {
    mutating func readFile() throws(Malformed) -> PackageRecord.RecordedFile {
        PackageRecord.RecordedFile(path: try readString(), hash: try readHash(), fingerprint: try readFingerprint())
    }
}
