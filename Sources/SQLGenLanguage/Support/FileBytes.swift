import Foundation

/// A whole file's bytes by `open`/`read`: a connector's thousands of small files read several
/// times faster than through `FileManager.contents(atPath:)` and `Data`.
enum FileBytes {
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        // The size is a first guess (the file may change while it is read): read to the end.
        var buffer = [UInt8](repeating: 0, count: max(Int(info.st_size), 4095) + 1)
        var result: [UInt8] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[..<count])
        }
    }
}
