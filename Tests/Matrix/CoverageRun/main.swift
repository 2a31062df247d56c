// The coverage connectors as an app uses them: the Data Connect one against a running emulator
// (SQLGEN_EMULATOR_PORT), the GraphQL one decoding recorded responses. Exits 1 on the first
// difference. Run by scripts/compile-matrix.sh.
import Foundation
import SQLConnect

var failures = 0

@MainActor
func check(_ condition: Bool, _ what: String) {
    if !condition {
        failures += 1
        print("FAILED: \(what)")
    }
}

guard let port = ProcessInfo.processInfo.environment["SQLGEN_EMULATOR_PORT"].flatMap(Int.init) else {
    print("coverage: set SQLGEN_EMULATOR_PORT to a running emulator of Tests/Matrix/Coverage")
    exit(2)
}
try await EmulatorCoverage.run(port: port)
try GraphQLCoverage.run()
guard failures == 0 else {
    print("coverage: \(failures) checks failed")
    exit(1)
}
print("coverage: every check passed")
