import Testing
@testable import SQLGenSchema

@Test func SQLGenSchemaModuleLinks() {
    #expect(Bool(true))
}
