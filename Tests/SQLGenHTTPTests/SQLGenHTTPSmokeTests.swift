import Testing
@testable import SQLGenHTTP

@Test func SQLGenHTTPModuleLinks() {
    #expect(Bool(true))
}
