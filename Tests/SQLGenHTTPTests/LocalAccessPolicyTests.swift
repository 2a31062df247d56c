import Testing
@testable import SQLGenHTTP

@Suite("What a web page may do to a local server")
struct LocalAccessPolicyTests {
    static func request(_ method: String = "GET", _ path: String = "/", host: String = "127.0.0.1:9399", _ headers: [(String, String)] = []) -> HTTPRequest {
        HTTPRequest(method: method, target: path, headers: HTTPHeaders([("Host", host)] + headers))
    }

    static func status(_ verdict: LocalAccessPolicy.Verdict) -> Int {
        switch verdict {
        case .serve: 0
        case .answer(let response): response.status
        case .refuse(let refusal): refusal.status
        }
    }

    @Test("Host parsing: ports, brackets, case, a final dot; malformed values are nil")
    func hostNames() {
        #expect(HostName.parse("LocalHost:9399") == "localhost")
        #expect(HostName.parse("[::1]:9399") == "::1")
        #expect(HostName.parse("example.com.") == "example.com")
        #expect(HostName.parse("a b") == nil)
        #expect(HostName.parse("host:99x") == nil)
        #expect(HostName.parse("[::1") == nil)
    }

    @Test("Hosts: localhost names, loopback and bound addresses, allowed names; any address on a wildcard bind")
    func hosts() {
        let loopback = LocalAccessPolicy()
        for name in ["localhost", "app.localhost", "127.0.0.1", "127.1.2.3", "::1"] { #expect(loopback.isAllowedHost(name), "\(name)") }
        for name in ["attacker.example", "192.168.1.5", "localhost.attacker.example"] { #expect(!loopback.isAllowedHost(name), "\(name)") }
        let lan = LocalAccessPolicy(boundHost: "0.0.0.0", allowedHosts: ["DevBox.local", ".tunnel.example"])
        for name in ["192.168.1.5", "devbox.local", "tunnel.example", "a.tunnel.example"] { #expect(lan.isAllowedHost(name), "\(name)") }
        #expect(!lan.isAllowedHost("evil-tunnel.example"))
        #expect(Self.status(loopback.evaluate(Self.request(host: "attacker.example"))) == 403)
        // The fast path for plain loopback values takes nothing that merely starts like one.
        for host in ["localhost.attacker.example", "127.0.0.1.nip.example", "localhost:80x"] {
            #expect(Self.status(loopback.evaluate(Self.request(host: host))) == 403, "\(host)")
        }
        for host in ["localhost", "127.0.0.1", "localhost:9399", "127.0.0.1:1"] {
            #expect(Self.status(loopback.evaluate(Self.request(host: host))) == 0, "\(host)")
        }
    }

    @Test("Origins: the server's own, allowed ones (normalized), none at all; others are refused for guarded requests")
    func origins() {
        let policy = LocalAccessPolicy(allowedOrigins: ["HTTP://LocalHost:5173/"])
        let json = ("Content-Type", "application/json; charset=utf-8")
        #expect(Self.status(policy.evaluate(Self.request("POST", "/graphql", [json]))) == 0)
        #expect(Self.status(policy.evaluate(Self.request("POST", "/graphql", [json, ("Origin", "http://localhost:5173")]))) == 0)
        #expect(Self.status(policy.evaluate(Self.request("POST", "/graphql", [json, ("Origin", "http://127.0.0.1:9399")]))) == 0)
        #expect(Self.status(policy.evaluate(Self.request("POST", "/graphql", [json, ("Origin", "http://localhost:5174")]))) == 403)
        #expect(Self.status(policy.evaluate(Self.request("POST", "/graphql", [json, ("Origin", "null")]))) == 403)
        #expect(Self.status(policy.evaluate(Self.request("GET", "/graphql", [("Sec-Fetch-Site", "same-site")]), adHoc: true)) == 403)
        #expect(Self.status(policy.evaluate(Self.request("GET", "/graphql", [("Sec-Fetch-Site", "none")]), adHoc: true)) == 0)
        #expect(LocalAccessPolicy.normalizedOrigin("http://localhost:5173/app") == nil)
        #expect(LocalAccessPolicy.normalizedOrigin("*") == nil)
    }

    @Test("Bodies of POST and PUT must be JSON; methods are case-sensitive")
    func bodiesAndMethods() {
        let policy = LocalAccessPolicy()
        #expect(Self.status(policy.evaluate(Self.request("POST", "/graphql", [("Content-Type", "text/plain")]))) == 415)
        #expect(Self.status(policy.evaluate(Self.request("PUT", "/p"))) == 415)
        #expect(Self.status(policy.evaluate(Self.request("POST", "/graphql", [("Content-Type", "application/graphql-response+json")]))) == 0)
        #expect(Self.status(policy.evaluate(Self.request("post", "/graphql"))) == 501)
        #expect(Self.status(policy.evaluate(Self.request("OPTIONS", "*"))) == 204)
    }
}
