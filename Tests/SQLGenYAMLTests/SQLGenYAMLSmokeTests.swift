import Testing
@testable import SQLGenYAML

@Test func SQLGenYAMLModuleLinks() {
    #expect(Bool(true))
}
