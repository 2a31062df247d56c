import Foundation
import Testing
@testable import SQLConnect

@Suite struct AEMConfigurationTests {
    private func configurationError(_ body: () throws -> AEMConfiguration) -> String? {
        do {
            _ = try body()
            return nil
        } catch DataConnectError.configuration(let key, _) {
            return key
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func readsEveryAuthMode() throws {
        let none = try AEMConfiguration(environment: ["AEM_HOST": "localhost:4502", "AEM_SCHEME": "http"])
        #expect(none.baseURL.absoluteString == "http://localhost:4502")
        guard case .none = none.auth else { Issue.record("expected no auth"); return }
        let basic = try AEMConfiguration(environment: ["AEM_HOST": "author.example.com", "AEM_AUTH_TYPE": "basic", "AEM_USERNAME": "admin", "AEM_PASSWORD": "pw"])
        #expect(basic.baseURL.absoluteString == "https://author.example.com")
        guard case .basic("admin", "pw") = basic.auth else { Issue.record("expected basic auth"); return }
        let token = try AEMConfiguration(dictionary: ["AEM_HOST": "publish.example.com", "AEM_AUTH_TYPE": "token", "AEM_TOKEN": "t0k", "CFBundleName": "App"])
        guard case .token("t0k") = token.auth else { Issue.record("expected token auth"); return }
    }

    @Test("A missing or invalid value names its key")
    func errorsNameTheKey() {
        #expect(configurationError { try AEMConfiguration(environment: [:]) } == "AEM_HOST")
        #expect(configurationError { try AEMConfiguration(environment: ["AEM_HOST": "  "]) } == "AEM_HOST")
        #expect(configurationError { try AEMConfiguration(environment: ["AEM_HOST": "a.com/path"]) } == "AEM_HOST")
        #expect(configurationError { try AEMConfiguration(environment: ["AEM_HOST": "a.com", "AEM_SCHEME": "ftp"]) } == "AEM_SCHEME")
        #expect(configurationError { try AEMConfiguration(environment: ["AEM_HOST": "a.com", "AEM_AUTH_TYPE": "oauth"]) } == "AEM_AUTH_TYPE")
        #expect(configurationError { try AEMConfiguration(environment: ["AEM_HOST": "a.com", "AEM_AUTH_TYPE": "basic", "AEM_PASSWORD": "pw"]) } == "AEM_USERNAME")
        #expect(configurationError { try AEMConfiguration(environment: ["AEM_HOST": "a.com", "AEM_AUTH_TYPE": "basic", "AEM_USERNAME": "u"]) } == "AEM_PASSWORD")
        #expect(configurationError { try AEMConfiguration(environment: ["AEM_HOST": "a.com", "AEM_AUTH_TYPE": "token"]) } == "AEM_TOKEN")
        #expect(configurationError { try AEMConfiguration(dictionary: ["AEM_HOST": 42]) } == "AEM_HOST")
    }

    @Test func imageURLJoinsHostAndPath() throws {
        let transport = AEMTransport(configuration: try AEMConfiguration(host: "publish.example.com"))
        #expect(transport.imageURL(path: "/adobe/dynamicmedia/deliver/dm-aid--1/a.jpg?preferwebp=true&width=1000")?.absoluteString
            == "https://publish.example.com/adobe/dynamicmedia/deliver/dm-aid--1/a.jpg?preferwebp=true&width=1000")
        #expect(transport.imageURL(path: "content/dam/a.png")?.absoluteString == "https://publish.example.com/content/dam/a.png")
    }
}
