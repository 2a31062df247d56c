import Testing
@testable import SQLGenEmulator

@Test func SQLGenEmulatorModuleLinks() {
    #expect(Bool(true))
}
