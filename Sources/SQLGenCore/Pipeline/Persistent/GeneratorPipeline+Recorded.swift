import SQLGenLanguage

extension GeneratorPipeline {
    /// One SDK staged from what the cache recorded of its package; the record to keep once it is
    /// written joins `recording`.
    static func generateRecorded(_ generation: RecordedGeneration, recording: Recording, into outcome: inout Outcome,
                                 staging staged: inout [StagedPackage], diagnostics: inout DiagnosticCollector) {
        let directory = generation.directory
        let result = generation.run(record: recording.cache.record(for: directory))
        outcome.operationCount += generation.planned.count
        do {
            let package = try PackageWriter.stage(result.files, to: directory, unchanged: result.unchanged, noStaleFiles: result.noStaleFiles)
            staged.append(package)
            outcome.packages.append(GeneratedPackage(directory: directory, connector: result.connector, operationCount: generation.planned.count,
                                                     files: result.files, summary: package.summary, builtOperationCount: result.builtOperationCount))
            recording.records.append((directory, result.pending))
        } catch {
            diagnostics.add(Diagnostic(message: error.description))
        }
    }
}
