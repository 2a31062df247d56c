import Foundation

/// The declarations of the operation class `name` (`FirstBitsQuery`) in the text of a generated
/// operations file, where operations share files; nil when the file does not hold it.
func operationDeclarations(of name: String, inFileText text: String) -> String? {
    guard let start = text.range(of: "public final class \(name):") else { return nil }
    // Up to the next operation's documentation (`/// `query Next``).
    let end = text.range(of: "\n/// `", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
    return String(text[start.lowerBound..<end])
}
