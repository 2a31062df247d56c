/// graphql-js's `suggestionList`: the options close to `input` by lexical distance (a
/// Damerau-Levenshtein distance that ignores case), nearest first, ties in natural order.
func suggestionList(_ input: String, _ options: [String]) -> [String] {
    var distance = LexicalDistance(input)
    let threshold = input.utf8.count * 4 / 10 + 1
    var scored: [(option: String, distance: Int)] = []
    var seen: Set<String> = []
    for option in options where seen.insert(option).inserted {
        if let value = distance.measure(option, threshold: threshold) {
            scored.append((option, value))
        }
    }
    scored.sort { lhs, rhs in
        if lhs.distance != rhs.distance { return lhs.distance < rhs.distance }
        return naturalCompare(lhs.option, rhs.option) < 0
    }
    return scored.map(\.option)
}

/// graphql-js's `didYouMean`: ` Did you mean "a", "b", or "c"?` with at most five suggestions,
/// or "" when there are none.
func didYouMean(_ suggestions: [String], subMessage: String? = nil) -> String {
    guard !suggestions.isEmpty else { return "" }
    var message = " Did you mean "
    if let subMessage { message += subMessage + " " }
    let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
    switch quoted.count {
    case 1: return message + quoted[0] + "?"
    case 2: return message + quoted[0] + " or " + quoted[1] + "?"
    default: return message + quoted.dropLast().joined(separator: ", ") + ", or " + quoted[quoted.count - 1] + "?"
    }
}

/// Compares strings with runs of digits compared as numbers (`a2` < `a10`), as graphql-js does.
func naturalCompare(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8), b = Array(b.utf8)
    var i = 0, j = 0
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    while i < a.count && j < b.count {
        if isDigit(a[i]) && isDigit(b[j]) {
            var aNumber = 0
            repeat {
                aNumber = aNumber &* 10 &+ Int(a[i] - 0x30)
                i += 1
            } while i < a.count && isDigit(a[i]) && aNumber > 0
            var bNumber = 0
            repeat {
                bNumber = bNumber &* 10 &+ Int(b[j] - 0x30)
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

/// Damerau-Levenshtein distance between lowercased strings, with early exit past a threshold.
struct LexicalDistance {
    private let input: String
    private let inputLowercased: String
    private let inputBytes: [UInt8]
    private var rows: [[Int]]

    init(_ input: String) {
        self.input = input
        self.inputLowercased = input.lowercased()
        self.inputBytes = Array(inputLowercased.utf8)
        self.rows = Array(repeating: Array(repeating: 0, count: inputBytes.count + 1), count: 3)
    }

    mutating func measure(_ option: String, threshold: Int) -> Int? {
        if input == option { return 0 }
        let optionLowercased = option.lowercased()
        // Any change of case counts as a single edit.
        if inputLowercased == optionLowercased { return 1 }
        var a = Array(optionLowercased.utf8)
        var b = inputBytes
        if a.count < b.count { swap(&a, &b) }
        let aLength = a.count, bLength = b.count
        if aLength - bLength > threshold { return nil }
        if rows[0].count < bLength + 1 {
            rows = Array(repeating: Array(repeating: 0, count: bLength + 1), count: 3)
        }
        for column in 0...bLength { rows[0][column] = column }
        if aLength == 0 { return bLength <= threshold ? bLength : nil }
        for i in 1...aLength {
            let up = (i - 1) % 3, current = i % 3
            rows[current][0] = i
            var smallest = i
            if bLength > 0 {
                for j in 1...bLength {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var cell = min(rows[up][j] + 1, rows[current][j - 1] + 1, rows[up][j - 1] + cost)
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
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
}
