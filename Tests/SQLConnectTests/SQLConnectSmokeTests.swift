import Testing
@testable import SQLConnect

@Test func SQLConnectModuleLinks() {
    #expect(Bool(true))
}
