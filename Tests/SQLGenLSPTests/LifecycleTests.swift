import Foundation
import SQLGenJSON
import Testing
@testable import SQLGenLSP

@Suite struct LifecycleTests {
    @Test func requestsBeforeInitializeAreRefused() {
        var sent: [JSONValue] = []
        let server = LanguageServer { sent.append($0) }
        server.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": [:]])
        #expect(sent.last?["error"]["code"] == -32002)
        server.handle(["jsonrpc": "2.0", "id": 2, "method": "initialize", "params": ["capabilities": [:]]])
        #expect(sent.last?["result"]["capabilities"]["positionEncoding"] == "utf-16")
        server.handle(["jsonrpc": "2.0", "id": 3, "method": "workspace/unknown", "params": [:]])
        #expect(sent.last?["error"]["code"] == -32601)
        server.handle(["jsonrpc": "2.0", "id": 4, "method": "textDocument/hover", "params": ["textDocument": ["uri": "untitled:1"]]])
        #expect(sent.last?["error"]["code"] == -32602)
        server.handle(["jsonrpc": "2.0", "id": 5, "method": "shutdown"])
        #expect(sent.last?["result"] == .null && sent.last?["id"] == 5)
        server.handle(["jsonrpc": "2.0", "method": "exit"])
        #expect(server.exitStatus == 0)
    }

    @Test func exitWithoutShutdownIsAFailure() {
        let server = LanguageServer { _ in }
        server.handle(["jsonrpc": "2.0", "method": "exit"])
        #expect(server.exitStatus == 1)
    }

    @Test func registersFileWatchersWhenTheClientCan() {
        var sent: [JSONValue] = []
        let server = LanguageServer { sent.append($0) }
        server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": ["capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]]])
        server.handle(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        #expect(sent.last?["method"] == "client/registerCapability")
    }

    /// The whole loop over pipes: framed messages in, framed answers out, exit status.
    @Test func servesFramedMessagesOverPipes() throws {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        #expect(pipe(&input) == 0 && pipe(&output) == 0)
        let writer = MessageWriter(descriptor: input[1])
        writer.send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": ["general": ["positionEncodings": ["utf-8"]]]]])
        let garbage = Array("Content-Length: 5\r\n\r\n{oops".utf8)
        _ = garbage.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        writer.send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
        writer.send(["jsonrpc": "2.0", "method": "exit"])
        close(input[1])
        let status = ServerLoop.run(input: input[0], output: output[1])
        close(output[1])
        var reader = MessageReader(descriptor: output[0])
        let replies = try (0..<3).map { _ in try JSONParser.parse(reader.next()) }
        #expect(status == 0)
        #expect(replies[0]["result"]["capabilities"]["positionEncoding"] == "utf-8")
        #expect(replies[1]["error"]["code"] == -32700)
        #expect(replies[2]["id"] == 2)
        close(input[0])
        close(output[0])
    }
}

@Suite struct MessageFramingTests {
    private func reading(_ bytes: [UInt8]) throws -> Result<[UInt8], MessageReader.Failure> {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlgen-framing-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var reader = MessageReader(descriptor: descriptor)
        return Result { () throws(MessageReader.Failure) in try reader.next() }
    }

    @Test func headerBlockThatRunsOnIsRefusedNotBuffered() throws {
        let endless = Array("Content-Length: 2\r\nX-Padding: ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 70_000)
        guard case .failure(.badHeader(let reason)) = try reading(endless) else {
            Issue.record("a 70 KB header block was not refused")
            return
        }
        #expect(reason.contains("longer than 65536 bytes"))
        #expect(try reading(Array("Content-Length: 2\r\n\r\n{}".utf8)).get() == Array("{}".utf8))
    }
}

@Suite struct ClientCapabilityTests {
    /// A client that shows no Markdown gets plain text.
    @Test func plainTextForClientsWithoutMarkdown() throws {
        var sent: [JSONValue] = []
        let server = LanguageServer { sent.append($0) }
        server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        let harness = try ServerHarness()
        defer { harness.close() }
        let path = harness.path("connector/queries.gql")
        let uri = FileURI.uri(of: path)
        server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                       "params": ["textDocument": ["uri": .string(uri), "languageId": "graphql", "version": 1, "text": "query q { movies { title } }"]]])
        server.handle(["jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 20]]])
        #expect(sent.last?["result"]["contents"] == "Movie.title: String!\n\nThe title, as released.")
        server.handle(["jsonrpc": "2.0", "id": 3, "method": "textDocument/completion", "params": ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 19]]])
        #expect(sent.last?["result"]["items"][1]["documentation"] == "The title, as released.")
    }
}
