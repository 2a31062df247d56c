/// Text from input made safe to print on a terminal: control characters (C0, DEL, C1) and the
/// bidirectional overrides show as `<U+001B>`, so a file cannot move the cursor, rewrite the
/// screen or reorder what the user reads.
public enum TerminalText {
    /// `text` with every such character escaped; `keepingTabs` leaves tabs as they are (a source
    /// line keeps them so the caret lines up).
    public static func escaped(_ text: String, keepingTabs: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingTabs: keepingTabs) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingTabs: keepingTabs) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// How many columns `scalar` takes once escaped (1 when it is kept).
    static func width(of scalar: Unicode.Scalar, keepingTabs: Bool) -> Int {
        needsEscape(scalar, keepingTabs: keepingTabs) ? escape(scalar).unicodeScalars.count : 1
    }

    static func needsEscape(_ scalar: Unicode.Scalar, keepingTabs: Bool) -> Bool {
        switch scalar.value {
        case 0x09: return !keepingTabs
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Bidirectional embeddings, overrides and isolates.
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }
}
