// sqlgen-callsites: writes Swift that calls every operation of generated SDKs from every isolation
// context an app calls from (the main actor, another actor, nonisolated code, a detached task),
// for the compile matrix (scripts/compile-matrix.sh).
//
//   sqlgen-callsites CONFIG --output-dir DIR
//
// CONFIG is a connector.yaml, a dataconnect.yaml or a folder, as for `sqlgen generate`. For each
// generated package it writes DIR/<Package>CallSites.swift and prints the package's name; DIR also
// gets CallSiteSupport.swift.
import Foundation
import SQLGenCore

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3, arguments[1] == "--output-dir" else {
    FileHandle.standardError.write(Data("usage: sqlgen-callsites CONFIG --output-dir DIR\n".utf8))
    exit(2)
}
let outcome = GeneratorPipeline.run(configPath: arguments[0], write: false)
guard !outcome.hasErrors else {
    for diagnostic in outcome.diagnostics { FileHandle.standardError.write(Data("\(diagnostic)\n".utf8)) }
    exit(1)
}
let folder = URL(fileURLWithPath: arguments[2])
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try CallSiteSupport.source.write(to: folder.appendingPathComponent(CallSiteSupport.fileName), atomically: true, encoding: .utf8)
    // Without a cache, every package comes with its whole IR.
    for connector in outcome.packages.compactMap(\.connector) {
        let writer = CallSiteWriter(connector: connector)
        let file = folder.appendingPathComponent(connector.info.packageName + "CallSites.swift")
        try writer.file().write(to: file, atomically: true, encoding: .utf8)
        print(connector.info.packageName)
    }
} catch {
    FileHandle.standardError.write(Data("sqlgen-callsites: \(error)\n".utf8))
    exit(1)
}
