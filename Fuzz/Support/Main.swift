// The one libFuzzer entry point of `sqlgen-fuzzer` (built by scripts/fuzz-build.sh, run by
// scripts/fuzz.sh): `SQLGEN_FUZZ_TARGET` names the target each process fuzzes.
//
// Every target treats a crash, a sanitizer report, a timeout or a failed `precondition` (an
// invariant the target checks beyond "no crash") as a bug to fix in the sources.

import Foundation

/// A fuzz target: `setUp` runs once (schemas built, engines opened), `run` once per input.
struct FuzzTarget {
    var name: String
    var setUp: () -> Void = {}
    var run: ([UInt8]) -> Void
    /// A grammar-aware mutation of `data` (nil: libFuzzer's own mutations).
    var mutate: ((inout [UInt8], Int, UInt32) -> Void)? = nil
}

let fuzzTargets: [FuzzTarget] = [
    graphQLParserTarget, graphQLValidationTarget, configTarget, httpRequestTarget, emulatorJSONTarget,
    sqlConnectJSONTarget, celTarget, emulatorTarget, sqlConnectResponseTarget, aemPathTarget, packageRecordTarget,
    languageServerTarget,
]

/// The target named by `SQLGEN_FUZZ_TARGET`; the process stops with a message for a missing or unknown name.
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["SQLGEN_FUZZ_TARGET"] ?? ""
    guard let target = fuzzTargets.first(where: { $0.name == name }) else {
        let names = fuzzTargets.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("sqlgen-fuzzer: set SQLGEN_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    return target
}()

/// The repository this binary was built from (fixtures are read from it).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func repositoryFile(_ relativePath: String) -> String {
    let url = repositoryRoot.appendingPathComponent(relativePath)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("sqlgen-fuzzer: cannot read \(url.path)") }
    return text
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>>>) -> CInt {
    selectedTarget.setUp()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    selectedTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzerCustomMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let mutate = selectedTarget.mutate, seed % 4 != 0 else { return libFuzzerMutate(data, size, maxSize) }
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    mutate(&bytes, maxSize, seed)
    guard !bytes.isEmpty, bytes.count <= maxSize else { return libFuzzerMutate(data, size, maxSize) }
    bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
    return bytes.count
}

/// Runs async `body` to completion from libFuzzer's synchronous callback.
func blocking<Value>(_ body: @escaping () async -> Value) -> Value {
    let box = BlockingBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

private final class BlockingBox<Value>: @unchecked Sendable {
    var value: Value?
}

/// The input as text, when it is UTF-8.
func utf8Text(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
