import Foundation
import SQLGenLanguage

/// Where the `SQLConnect` runtime package is: the package generated SDKs depend on.
enum RuntimePackage {
    /// The folder of the runtime package inside a sqlgen checkout.
    static let folderName = "SQLConnect"

    /// The released runtime, for a tool that runs without its checkout.
    static let released = SDKSettings().runtimeDependency

    /// The runtime package of the sqlgen checkout this tool was built from, while it exists.
    static var bundled: String? {
        // Sources/SQLGenCore/Pipeline/<this file> → the checkout's root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let runtime = root.appendingPathComponent(folderName).path
        return isRuntimePackage(runtime) ? runtime : nil
    }

    /// `path` itself when it holds the runtime package, or its `SQLConnect/` folder when `path`
    /// is a sqlgen checkout.
    static func package(in path: String) -> String {
        let nested = URL(fileURLWithPath: path).appendingPathComponent(folderName).path
        return !isRuntimePackage(path) && isRuntimePackage(nested) ? nested : path
    }

    private static func isRuntimePackage(_ folder: String) -> Bool {
        let manifest = URL(fileURLWithPath: folder).appendingPathComponent("Package.swift").path
        guard let bytes = FileBytes.read(manifest) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.range(of: #"Package\(\s*name:\s*"SQLConnect""#, options: .regularExpression) != nil
    }
}
