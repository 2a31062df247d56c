// `record`: the record of a generated package that `sqlgen generate` reads back from its cache
// folder (`GenerationCache`). Damaged or foreign bytes must read as no record, never crash, and
// a record that reads encodes to bytes that read back as the same record (varints and UTF-8 may
// be written longer or repaired in the input, so the bytes themselves need not match).

@testable import SQLGenCore

let packageRecordTarget = FuzzTarget(name: "record", run: fuzzPackageRecord)

private func fuzzPackageRecord(_ bytes: [UInt8]) {
    guard let record = try? PackageRecord(decoding: bytes) else { return }
    let encoded = record.encoded()
    precondition((try? PackageRecord(decoding: encoded))?.encoded() == encoded, "a record did not read back as itself")
}
