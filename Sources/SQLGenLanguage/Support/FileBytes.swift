#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A whole file's bytes by `open`/`read`: a connector's thousands of small files read several
/// times faster than through `FileManager.contents(atPath:)` and `Data`.
public enum FileBytes {
    /// The bytes of the regular file at `path`; nil when it cannot be read or is not a regular
    /// file. A FIFO, a device or a folder is refused before any read: a FIFO would block the
    /// reader until a writer came, and `/dev/zero` would never end.
    public static func read(_ path: String) -> [UInt8]? {
        // Nonblocking, so that opening a FIFO does not wait for a writer; reads of a regular file
        // are unaffected.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, isRegular(info) else { return nil }
        // The size is a first guess (the file may change while it is read): read to the end.
        var buffer = [UInt8](repeating: 0, count: max(Int(info.st_size), 4095) + 1)
        var result: [UInt8] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[..<count])
        }
    }
}

extension FileBytes {
    /// Whether `path` names a regular file (a symbolic link counts as what it names): what `read`
    /// accepts, for commands that check their arguments before any work.
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && isRegular(info)
    }

    private static func isRegular(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFREG
    }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
    #elseif canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Musl.read(descriptor, buffer, count)
    #endif
}
