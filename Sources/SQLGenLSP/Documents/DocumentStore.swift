import Foundation
import SQLGenJSON

/// A document the editor has open: its text as the editor holds it, unsaved changes included.
public struct OpenDocument: Sendable {
    public let uri: String
    public let path: String
    public var version: Int
    public private(set) var lines: LineTable

    public var bytes: [UInt8] { lines.bytes }

    init(uri: String, path: String, version: Int, bytes: [UInt8]) {
        self.uri = uri
        self.path = path
        self.version = version
        lines = LineTable(bytes)
    }

    /// Applies one `TextDocumentContentChangeEvent`: a range and its new text, or the whole text.
    mutating func apply(_ change: JSONValue, encoding: PositionEncoding) {
        guard let text = change["text"]?.stringValue else { return }
        let replacement = Array(text.utf8)
        guard let start = LSPPosition(change["range"]?["start"]), let end = LSPPosition(change["range"]?["end"]) else {
            lines = LineTable(replacement)
            return
        }
        let from = lines.offset(of: start, encoding: encoding)
        let to = max(from, lines.offset(of: end, encoding: encoding))
        var bytes = lines.bytes
        bytes.replaceSubrange(from..<to, with: replacement)
        lines = LineTable(bytes)
    }
}

/// The documents the editor has open, by path, and every other file read from disk.
public struct DocumentStore: Sendable {
    public private(set) var open: [String: OpenDocument] = [:]

    public init() {}

    /// Opens a document; nil when its URI names no file.
    @discardableResult
    public mutating func open(uri: String, version: Int, text: String) -> OpenDocument? {
        guard let path = FileURI.path(of: uri) else { return nil }
        let document = OpenDocument(uri: uri, path: path, version: version, bytes: Array(text.utf8))
        open[path] = document
        return document
    }

    /// Applies `changes` in order to an open document; nil when it is not open.
    @discardableResult
    public mutating func change(uri: String, version: Int, changes: [JSONValue], encoding: PositionEncoding) -> OpenDocument? {
        guard let path = FileURI.path(of: uri), var document = open[path] else { return nil }
        for change in changes { document.apply(change, encoding: encoding) }
        document.version = version
        open[path] = document
        return document
    }

    @discardableResult
    public mutating func close(uri: String) -> String? {
        guard let path = FileURI.path(of: uri) else { return nil }
        open[path] = nil
        return path
    }

    public func document(uri: String) -> OpenDocument? {
        FileURI.path(of: uri).flatMap { open[$0] }
    }


    /// The URI to name `path` by: the editor's own when the file is open.
    public func uri(of path: String) -> String {
        open[path]?.uri ?? FileURI.uri(of: path)
    }
}
