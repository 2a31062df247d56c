#if os(Linux)
import Foundation
import Glibc

/// Runs a child process with `posix_spawn`, its output read through `poll`.
///
/// Foundation's `Process.run` on Linux lists `/proc/self/fd` with a read past the end of glibc's
/// directory buffer (swift-corelibs-foundation#5472), which crashes now and then when the test
/// process holds many descriptors, as it does while parallel tests run servers and databases.
enum PosixSpawn {
    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias AddChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np` and 2.29's `..._addchdir_np`,
    /// which the Glibc module does not declare.
    private static let addCloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)
    private static let addChangeDirectory = symbol("posix_spawn_file_actions_addchdir_np", as: AddChangeDirectory.self)

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }

    /// The child's status (128 + the signal when a signal ended it) and output; nil where this
    /// glibc lacks the file actions it needs (the caller falls back to `Process`).
    static func run(_ path: String, _ arguments: [String], in directory: String?, input: [UInt8],
                    environment: [String: String]) throws -> Output? {
        guard let addCloseFrom, let addChangeDirectory else { return nil }
        _ = ignoresBrokenPipes
        let stdin = try makePipe(), stdout = try makePipe(), stderr = try makePipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        if let directory { _ = addChangeDirectory(&actions, directory) }
        _ = addCloseFrom(&actions, 3)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        for fd in [stdin.read, stdout.write, stderr.write] { close(fd) }
        guard spawned == 0 else {
            for fd in [stdin.write, stdout.read, stderr.read] { close(fd) }
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)
        }
        write(input, to: stdin.write)
        close(stdin.write)
        let (out, err) = readUntilClosed(stdout.read, stderr.read)
        return Output(status: wait(for: pid), stdout: out, stderr: err)
    }

    /// A child that exits before reading its input must not end the test process with SIGPIPE.
    private static let ignoresBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// A pipe that other children do not inherit (every spawn here also closes what it does not pass).
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    /// Writes all of `bytes` (a child that exits without reading them only cuts the write short).
    private static func write(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Everything the child writes to both pipes, read as it comes (so neither fills up and
    /// blocks the child), until both are closed.
    private static func readUntilClosed(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var outputs: [Int32: [UInt8]] = [first: [], second: []]
        var open = [first, second]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { break }
            for entry in polled where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    outputs[entry.fd, default: []] += buffer[..<count]
                } else if count == 0 || errno != EINTR {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        return (outputs[first] ?? [], outputs[second] ?? [])
    }

    private static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
#endif
