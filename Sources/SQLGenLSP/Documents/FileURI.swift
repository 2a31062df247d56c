import Foundation

/// `file:` URIs and the paths they name. Documents are keyed by path, so two spellings of one
/// file's URI (`%3A` or `:`, a symlinked folder) are one document.
public enum FileURI {
    /// The path of a `file:` URI (percent-decoded, standardized), nil for other schemes.
    public static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return canonical(url.path)
    }

    /// The `file:` URI of an absolute path.
    public static func uri(of path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }

    /// `path` with symbolic links resolved when it exists, standardized when it does not.
    public static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
