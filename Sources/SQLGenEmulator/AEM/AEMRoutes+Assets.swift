// AEM's assets: DAM files under `/content/dam/` (real bytes from the assets folder, placeholders
// of the right type for the rest) and web-optimized delivery of placeholders at the requested size.

import Foundation
import SQLGenHTTP
import SQLGenLanguage

extension AEMRoutes {
    static let deliveryPrefix = "/adobe/dynamicmedia/deliver/"

    /// `GET /content/dam/<path>` of an asset (a path with a file extension; fragments are not assets).
    func damAsset(_ path: String) -> HTTPResponse {
        guard let decoded = PersistedQueryPath.percentDecode(Substring(path)), AEMAssets.isAsset(decoded) else {
            return error(.notFound(path: path))
        }
        if let file = assetFile(decoded) { return file }
        return asset(extension: AEMAssets.fileExtension(decoded), width: AEMAssets.placeholderWidth, height: AEMAssets.placeholderHeight)
    }

    /// The real bytes of a DAM asset from the assets folder: `/content/dam/a/b.jpg` is
    /// `<assetsDirectory>/a/b.jpg`. Paths that climb out of the folder (`..`, a symbolic link)
    /// or hold control characters (a NUL would cut the path short in the C call) are never read.
    func assetFile(_ damPath: String) -> HTTPResponse? {
        guard let assetsDirectory else { return nil }
        let relative = damPath.dropFirst("/content/dam/".count)
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.isEmpty, !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
              relative.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }),
              let path = AEMAssets.fileInside(assetsDirectory, relativePath: components.joined(separator: "/")),
              let bytes = FileBytes.read(path)
        else { return nil }
        var response = HTTPResponse(status: 200, body: bytes)
        response.headers.replaceOrAdd(name: "Content-Type", value: AEMAssets.mimeType(damPath))
        response.headers.replaceOrAdd(name: "Cache-Control", value: instance.isAuthor ? "no-cache" : "max-age=600")
        return response
    }

    func asset(extension ext: String, width: Int, height: Int) -> HTTPResponse {
        let image = AEMPlaceholderImage.image(extension: ext, width: width, height: height)
        var response = HTTPResponse(status: 200, body: image.bytes)
        response.headers.replaceOrAdd(name: "Content-Type", value: image.contentType)
        // Delivered images: not cached on author, ten minutes on publish.
        response.headers.replaceOrAdd(name: "Cache-Control", value: instance.isAuthor ? "no-cache" : "max-age=600")
        return response
    }

    /// `/adobe/dynamicmedia/deliver/dm-aid--<id>/<name>.<ext>?width=&size=w,h&...`: a placeholder of
    /// the requested width (height in the placeholder's proportions) or size.
    func delivery(path: String, query: String?) -> HTTPResponse {
        let ext = AEMAssets.fileExtension(path)
        guard !ext.isEmpty else { return error(.notFound(path: path)) }
        var width = AEMAssets.placeholderWidth
        var height = AEMAssets.placeholderHeight
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "width":
                if let value = Int(parts[1]), value > 0 {
                    // Placeholders are at most 4096 pixels wide anyway; a larger width must not overflow here.
                    width = min(value, 1 << 20)
                    height = max(1, width * AEMAssets.placeholderHeight / AEMAssets.placeholderWidth)
                }
            case "size":
                let numbers = parts[1].split(separator: ",").compactMap { Int($0) }
                if numbers.count == 2, numbers[0] > 0, numbers[1] > 0 {
                    width = numbers[0]
                    height = numbers[1]
                }
            default:
                break
            }
        }
        return asset(extension: ext, width: width, height: height)
    }
}
