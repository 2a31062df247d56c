import Testing
@testable import SQLGenLanguage

@Test func SQLGenLanguageModuleLinks() {
    #expect(Bool(true))
}
