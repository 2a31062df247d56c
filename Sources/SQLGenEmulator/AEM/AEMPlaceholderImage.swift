// Placeholder images for DAM paths: a uniform grey picture of the requested size, as a real
// baseline JPEG (one-symbol Huffman tables: every 8x8 block is "DC unchanged, end of block") or
// a real PNG (1-bit grey rows in stored deflate blocks). Other formats are served as PNG.

enum AEMPlaceholderImage {
    /// `(bytes, content type)` of a placeholder in the format the file extension asks for.
    static func image(extension ext: String, width: Int, height: Int) -> (bytes: [UInt8], contentType: String) {
        let width = min(max(width, 1), 4096)
        let height = min(max(height, 1), 4096)
        if ext == "jpg" || ext == "jpeg" { return (jpeg(width: width, height: height), "image/jpeg") }
        return (png(width: width, height: height), "image/png")
    }

    // MARK: JPEG

    static func jpeg(width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ payload: [UInt8]) {
            out += [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)]
            out += payload
        }
        segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
        let oneCode = [1] + [UInt8](repeating: 0, count: 15) + [0x00]
        segment(0xC4, [0x00] + oneCode)
        segment(0xC4, [0x10] + oneCode)
        segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        // Two zero bits per block (DC difference category 0, then end of block), padded with ones.
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        let bits = blocks * 2
        out += [UInt8](repeating: 0, count: bits / 8)
        if bits % 8 != 0 { out.append(UInt8(0xFF >> (bits % 8))) }
        out += [0xFF, 0xD9]
        return out
    }

    // MARK: PNG

    static func png(width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) {
            out += bigEndian(UInt32(data.count))
            let body = Array(type.utf8) + data
            out += body
            out += bigEndian(crc32(body))
        }
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [1, 0, 0, 0, 0])
        // Alternate rows of light grey stripes: filter byte 0, then 1-bit pixels.
        let rowBytes = (width + 7) / 8
        var raw: [UInt8] = []
        raw.reserveCapacity((rowBytes + 1) * height)
        for row in 0..<height {
            raw.append(0)
            raw += [UInt8](repeating: (row / 8) % 2 == 0 ? 0xFF : 0xAA, count: rowBytes)
        }
        chunk("IDAT", zlibStored(raw))
        chunk("IEND", [])
        return out
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// A zlib stream of uncompressed deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let isLast = offset + count == data.count
            out.append(isLast ? 1 : 0)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        out += bigEndian(b << 16 | a)
        return out
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
