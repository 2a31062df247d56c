/// "Did you mean ...?" suggestions, as graphql-js computes them (`suggestionList`, `didYouMean`).
public enum Suggestions {
    /// The options close to `input` (case-insensitive optimal-string-alignment distance within
    /// 40% of the input's length), nearest first, ties in natural order; duplicates dropped.
    public static func list(_ input: String, options: [String]) -> [String] {
        let inputLower = Array(input.lowercased().unicodeScalars)
        let inputScalars = Array(input.unicodeScalars)
        let threshold = inputScalars.count * 4 / 10 + 1
        var distances: [String: Int] = [:]
        var ordered: [String] = []
        for option in options where distances[option] == nil {
            guard let distance = measure(input: input, inputLower: inputLower, option: option, threshold: threshold) else { continue }
            distances[option] = distance
            ordered.append(option)
        }
        return ordered.sorted { lhs, rhs in
            let left = distances[lhs] ?? 0
            let right = distances[rhs] ?? 0
            if left != right { return left < right }
            return naturalCompare(lhs, rhs) < 0
        }
    }

    /// ` Did you mean "A", "B", or "C"?` (at most five), or "" when there are no suggestions.
    /// `subMessage` goes after "Did you mean", e.g. "the enum value".
    public static func didYouMean(_ suggestions: [String], subMessage: String? = nil) -> String {
        guard !suggestions.isEmpty else { return "" }
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
        switch quoted.count {
        case 1: return message + quoted[0] + "?"
        case 2: return message + quoted[0] + " or " + quoted[1] + "?"
        default: return message + quoted.dropLast().joined(separator: ", ") + ", or " + (quoted.last ?? "") + "?"
        }
    }

    private static func measure(input: String, inputLower: [Unicode.Scalar], option: String, threshold: Int) -> Int? {
        if input == option { return 0 }
        let optionLower = Array(option.lowercased().unicodeScalars)
        if optionLower == inputLower { return 1 }
        var a = optionLower
        var b = inputLower
        if a.count < b.count { swap(&a, &b) }
        let aLength = a.count
        let bLength = b.count
        if aLength - bLength > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: bLength + 1), count: 3)
        for j in 0...bLength { rows[0][j] = j }
        if aLength == 0 { return rows[0][bLength] <= threshold ? rows[0][bLength] : nil }
        for i in 1...aLength {
            let up = (i - 1) % 3
            let current = i % 3
            rows[current][0] = i
            var smallest = i
            if bLength > 0 {
                for j in 1...bLength {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var cell = min(rows[up][j] + 1, rows[current][j - 1] + 1, rows[up][j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
                    }
                    if cell < smallest { smallest = cell }
                    rows[current][j] = cell
                }
            }
            if smallest > threshold { return nil }
        }
        let distance = rows[aLength % 3][bLength]
        return distance <= threshold ? distance : nil
    }

    /// graphql-js `naturalCompare`: digit runs compare as numbers.
    static func naturalCompare(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.utf16)
        let b = Array(rhs.utf16)
        var i = 0
        var j = 0
        func isDigit(_ unit: UInt16) -> Bool { unit >= 48 && unit <= 57 }
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                var aNumber = 0
                repeat {
                    aNumber = aNumber &* 10 &+ Int(a[i] - 48)
                    i += 1
                } while i < a.count && isDigit(a[i]) && aNumber > 0
                var bNumber = 0
                repeat {
                    bNumber = bNumber &* 10 &+ Int(b[j] - 48)
                    j += 1
                } while j < b.count && isDigit(b[j]) && bNumber > 0
                if aNumber != bNumber { return aNumber < bNumber ? -1 : 1 }
            } else {
                if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        return a.count - b.count
    }
}
