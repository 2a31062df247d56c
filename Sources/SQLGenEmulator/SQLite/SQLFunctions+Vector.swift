// `sqlgen_vector_distance(stored, compare, method)`: pgvector's distances for `_similarity` fields.

import CSQLite
import Foundation

extension SQLFunctions {
    /// The numbers of a JSON array of numbers (`[0.5, -1, 2e3]`), nil when the text is not one.
    static func parseVector(_ pointer: UnsafePointer<CChar>) -> [Double]? {
        var cursor = pointer
        func skipSpaces() { while cursor.pointee == 0x20 || cursor.pointee == 0x0A || cursor.pointee == 0x0D || cursor.pointee == 0x09 { cursor += 1 } }
        skipSpaces()
        guard cursor.pointee == 0x5B else { return nil } // [
        cursor += 1
        var values: [Double] = []
        skipSpaces()
        if cursor.pointee == 0x5D { return values } // ]
        while true {
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(cursor, &end)
            guard let end, UnsafePointer(end) != cursor else { return nil }
            values.append(value)
            cursor = UnsafePointer(end)
            skipSpaces()
            if cursor.pointee == 0x2C { // ,
                cursor += 1
                continue
            }
            guard cursor.pointee == 0x5D else { return nil }
            return values
        }
    }

    private final class VectorBox {
        let values: [Double]
        init(_ values: [Double]) { self.values = values }
    }

    private static func vector(_ value: OpaquePointer?) -> [Double]? {
        guard sqlite3_value_type(value) != SQLITE_NULL, let bytes = sqlite3_value_text(value) else { return nil }
        return bytes.withMemoryRebound(to: CChar.self, capacity: Int(sqlite3_value_bytes(value)) + 1) { parseVector($0) }
    }

    /// pgvector's distances: `L2` (`<->`), `COSINE` (`<=>`, 1 − cosine similarity) and
    /// `INNER_PRODUCT` (`<#>`, the negated dot product), so that smaller is always closer.
    static func distance(_ a: [Double], _ b: [Double], method: String) -> Double? {
        switch method {
        case "L2":
            var sum = 0.0
            for index in a.indices { sum += (a[index] - b[index]) * (a[index] - b[index]) }
            return sum.squareRoot()
        case "COSINE":
            var dot = 0.0, normA = 0.0, normB = 0.0
            for index in a.indices {
                dot += a[index] * b[index]
                normA += a[index] * a[index]
                normB += b[index] * b[index]
            }
            guard normA > 0, normB > 0 else { return nil }
            return 1 - dot / (normA.squareRoot() * normB.squareRoot())
        default:
            var dot = 0.0
            for index in a.indices { dot += a[index] * b[index] }
            return -dot
        }
    }

    /// Marks the dimension error so the executor can report it as the client's mistake.
    static let dimensionErrorPrefix = "sqlgen: vectors have different dimensions"

    static func vectorDistance(_ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
        guard count == 3, let arguments, let stored = vector(arguments[0]) else { return sqlite3_result_null(context) }
        let compare: [Double]
        if let cached = sqlite3_get_auxdata(context, 1) {
            compare = Unmanaged<VectorBox>.fromOpaque(cached).takeUnretainedValue().values
        } else {
            guard let parsed = vector(arguments[1]) else { return sqlite3_result_null(context) }
            compare = parsed
            sqlite3_set_auxdata(context, 1, Unmanaged.passRetained(VectorBox(parsed)).toOpaque()) { pointer in
                guard let pointer else { return }
                Unmanaged<VectorBox>.fromOpaque(pointer).release()
            }
        }
        guard stored.count == compare.count else {
            return sqlite3_result_error(context, "\(dimensionErrorPrefix) (\(stored.count) stored, \(compare.count) compared)", -1)
        }
        let method = text(arguments[2]) ?? "INNER_PRODUCT"
        guard let distance = distance(stored, compare, method: method) else { return sqlite3_result_null(context) }
        sqlite3_result_double(context, distance)
    }
}
