// DAM assets as the emulator knows them: the type from the file extension, a fixed placeholder
// size, AEM's web-optimized delivery URL (`_dynamicUrl`, shaped by `_assetTransform`) and the
// `ImageRef`/`DocumentRef`/... object a content reference resolves to.

import Foundation
import SQLGenJSON

enum AEMAssets {
    /// The size every placeholder asset reports and is served at (without a transform).
    static let placeholderWidth = 1600
    static let placeholderHeight = 1200

    static let mimeTypes: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "tif": "image/tiff", "tiff": "image/tiff",
        "mp4": "video/mp4", "mov": "video/quicktime", "mp3": "audio/mpeg", "wav": "audio/wav",
        "zip": "application/zip", "tar": "application/x-tar", "gz": "application/gzip",
        "pdf": "application/pdf", "doc": "application/msword", "txt": "text/plain",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ]

    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Whether a DAM path names a binary asset (it has a known file extension) rather than a fragment.
    static func isAsset(_ path: String) -> Bool { mimeTypes[fileExtension(path)] != nil }

    /// `directory/relativePath` with symbolic links resolved, when that is a file inside `directory`.
    static func fileInside(_ directory: String, relativePath: String) -> String? {
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        let file = URL(fileURLWithPath: root + "/" + relativePath).resolvingSymlinksInPath().path
        return file.hasPrefix(root + "/") ? file : nil
    }

    static func mimeType(_ path: String) -> String { mimeTypes[fileExtension(path)] ?? "application/octet-stream" }

    /// The reference type AEM uses for an asset path: `ImageRef`, `MultimediaRef`, `ArchiveRef`,
    /// `DocumentRef`; `PageRef` for paths outside the DAM.
    static func referenceType(_ path: String) -> String {
        guard path.hasPrefix("/content/dam/") else { return "PageRef" }
        let mime = mimeType(path)
        if mime.hasPrefix("image/") { return "ImageRef" }
        if mime.hasPrefix("video/") || mime.hasPrefix("audio/") { return "MultimediaRef" }
        if ["application/zip", "application/x-tar", "application/gzip"].contains(mime) { return "ArchiveRef" }
        return "DocumentRef"
    }

    /// The file extension a delivery format produces.
    static func extensionFor(format: String) -> String {
        switch format {
        case "PNG", "PNG8": return "png"
        case "GIF": return "gif"
        case "WEBP", "WEBPLL", "WEBPLY": return "webp"
        default: return "jpg"
        }
    }

    /// `_dynamicUrl`: `/adobe/dynamicmedia/deliver/dm-aid--<uuid>/<seo name>.<ext>?<transform>`, host-less
    /// like AEM's. Without a transform the asset's own format and `preferwebp=true` apply.
    static func dynamicURL(path: String, transform: JSONValue?) -> String {
        let fileName = String(path.split(separator: "/").last ?? "asset")
        var base = fileName
        if let dot = base.lastIndex(of: ".") { base = String(base[..<dot]) }
        let format = transform?["format"]?.stringValue
        let ext = format.map(extensionFor) ?? (fileExtension(path) == "jpeg" ? "jpg" : fileExtension(path))
        let seoName = transform?["seoName"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? base
        var query: [String] = []
        func number(_ value: JSONValue?) -> String? {
            switch value {
            case .int(let number)?: return String(number)
            case .double(let number)?: return String(Int(number))
            default: return nil
            }
        }
        if let crop = transform?["crop"], case .object = crop {
            let parts = ["xOrigin", "yOrigin", "width", "height"].map { number(crop[$0]) ?? "0" }
            query.append("crop=" + parts.joined(separator: ","))
        }
        if let size = transform?["size"], case .object = size, let width = number(size["width"]), let height = number(size["height"]) {
            query.append("size=\(width),\(height)")
        }
        if let width = number(transform?["width"]) { query.append("width=\(width)") }
        if let quality = number(transform?["quality"]) { query.append("quality=\(quality)") }
        if let rotation = transform?["rotation"]?.stringValue { query.append("rotate=\(rotation.dropFirst())") }
        if let flip = transform?["flip"]?.stringValue {
            query.append("flip=" + (flip == "HORIZONTAL" ? "h" : flip == "VERTICAL" ? "v" : "hv"))
        }
        let preferWebp: Bool
        if case .bool(let flag)? = transform?["preferWebp"] { preferWebp = flag } else { preferWebp = transform == nil }
        if preferWebp { query.insert("preferwebp=true", at: 0) }
        let url = "/adobe/dynamicmedia/deliver/dm-aid--\(AEMHash.uuid(path))/\(percentEncode(seoName)).\(ext)"
        return query.isEmpty ? url : url + "?" + query.joined(separator: "&")
    }

    /// Encodes what may not appear raw in a URL path segment.
    static func percentEncode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// The reference object for `path`, as the fields of its `__typename` type.
    static func referenceObject(_ path: String, transform: JSONValue?, origin: String) -> AEMObject {
        let type = referenceType(path)
        var fields: [String: JSONValue] = [
            "_path": .string(path),
            "_id": .string(AEMHash.uuid(path)),
            "_authorUrl": .string(origin + path),
            "_publishUrl": .string(origin + path),
            "type": .string(type == "ImageRef" ? "image" : type == "PageRef" ? "page" : "asset"),
            "mimeType": .string(mimeType(path)),
            "format": .string(mimeType(path)),
            "size": .int(Int64(placeholderWidth * placeholderHeight / 8)),
        ]
        if type == "ImageRef" {
            fields["width"] = .int(Int64(placeholderWidth))
            fields["height"] = .int(Int64(placeholderHeight))
            fields["_dynamicUrl"] = .string(dynamicURL(path: path, transform: transform))
            fields["_dmS7Url"] = .null
        }
        return AEMObject(typeName: type, leaves: fields)
    }
}
