import Testing
@testable import SQLGenCore

@Test func SQLGenCoreModuleLinks() {
    #expect(Bool(true))
}
