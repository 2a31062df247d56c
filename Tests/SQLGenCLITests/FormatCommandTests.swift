import Foundation
import Testing

/// `sqlgen format`, run as a user would: real files in a temporary folder, exit codes, stdin.
@Suite struct FormatCommandTests {
    static let messy = "query Q($id: ID!){ user(id:$id){ name, ...F } }\nfragment F on User { email }"
    static let canonical = "query Q($id: ID!) {\n  user(id: $id) {\n    name\n    ...F\n  }\n}\n\nfragment F on User {\n  email\n}\n"

    private func write(_ text: String, to name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    private func contents(_ url: URL) throws -> String {
        try String(decoding: Data(contentsOf: url), as: UTF8.self)
    }

    @Test func rewritesFilesInCanonicalForm() throws {
        let folder = try SQLGen.temporaryDirectory()
        let first = try write(Self.messy, to: "a.graphql", in: folder)
        let second = try write("type T{a:Int b(x:Int=1):[String!]}", to: "nested/b.gql", in: folder)
        let result = try SQLGen.run(["format", "a.graphql", "nested/b.gql"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try contents(first) == Self.canonical)
        #expect(try contents(second) == "type T {\n  a: Int\n  b(x: Int = 1): [String!]\n}\n")
        // No temporary files are left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func leavesCanonicalFilesUntouched() throws {
        let folder = try SQLGen.temporaryDirectory()
        let file = try write(Self.canonical, to: "a.graphql", in: folder)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
        let result = try SQLGen.run(["format", file.path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        #expect(modified == past)
    }

    @Test func keepsFilePermissionsWhenRewriting() throws {
        let folder = try SQLGen.temporaryDirectory()
        let file = try write(Self.messy, to: "a.graphql", in: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let result = try SQLGen.run(["format", file.path])
        #expect(result.status == 0)
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try contents(file) == Self.canonical)
    }

    @Test func symbolicLinksAreFollowed() throws {
        let folder = try SQLGen.temporaryDirectory()
        let target = try write(Self.messy, to: "real.graphql", in: folder)
        let link = folder.appendingPathComponent("link.graphql")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let result = try SQLGen.run(["format", "link.graphql"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try contents(target) == Self.canonical)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    }

    @Test func checkNamesFilesThatWouldChangeAndChangesNothing() throws {
        let folder = try SQLGen.temporaryDirectory()
        let messy = try write(Self.messy, to: "messy.graphql", in: folder)
        _ = try write(Self.canonical, to: "clean.graphql", in: folder)
        let result = try SQLGen.run(["format", "--check", "messy.graphql", "clean.graphql"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout == "messy.graphql: would reformat\n")
        #expect(try contents(messy) == Self.messy)
    }

    @Test func checkExitsZeroWhenEverythingIsCanonical() throws {
        let folder = try SQLGen.temporaryDirectory()
        _ = try write(Self.canonical, to: "clean.graphql", in: folder)
        let result = try SQLGen.run(["format", "clean.graphql", "--check"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func standardInputIsFormattedToStandardOutput() throws {
        let result = try SQLGen.run(["format", "-"], input: Self.messy)
        #expect(result.status == 0)
        #expect(result.stdout == Self.canonical)
        #expect(result.stderr.isEmpty)
    }

    @Test func droppedCommentsAreReportedAsAWarning() throws {
        let folder = try SQLGen.temporaryDirectory()
        let file = try write("type T {\n  # the id\n  id: ID # unique\n}\n", to: "a.graphql", in: folder)
        let result = try SQLGen.run(["format", "a.graphql"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr == "a.graphql:2:3: warning: 2 comments removed (the canonical form keeps no comments)\n  # the id\n  ^\n")
        #expect(try contents(file) == "type T {\n  id: ID\n}\n")

        let stdin = try SQLGen.run(["format", "-"], input: "# header\n{ a }")
        #expect(stdin.status == 0)
        #expect(stdin.stdout == "{\n  a\n}\n")
        #expect(stdin.stderr.hasPrefix("<stdin>:1:1: warning: 1 comment removed"))
    }

    @Test func standardInputCheck() throws {
        let messy = try SQLGen.run(["format", "--check", "-"], input: Self.messy)
        #expect(messy.status == 1)
        #expect(messy.stdout == "<stdin>: would reformat\n")
        let clean = try SQLGen.run(["format", "--check", "-"], input: Self.canonical)
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty)
    }

    @Test func syntaxErrorOnStandardInputNamesStdinWithCaret() throws {
        let result = try SQLGen.run(["format", "-"], input: "query {\n  user(id: ) { name }\n}\n")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "<stdin>:2:12: error: Syntax Error: Unexpected \")\".\n  user(id: ) { name }\n           ^\n")
    }

    @Test func syntaxErrorsAreReportedForEveryFileAndLeaveThemUntouched() throws {
        let folder = try SQLGen.temporaryDirectory()
        let broken = "type T {\n  a: Int\n  b: \n}\n"
        let first = try write(broken, to: "one.graphql", in: folder)
        let second = try write("{ a(x: 1 }", to: "two.graphql", in: folder)
        let good = try write(Self.messy, to: "good.graphql", in: folder)
        let result = try SQLGen.run(["format", "one.graphql", "good.graphql", "two.graphql"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("one.graphql:4:1: error: Syntax Error: Expected Name, found \"}\".\n}\n^\n"))
        #expect(result.stderr.contains("two.graphql:1:10: error: Syntax Error: Expected Name, found \"}\".\n{ a(x: 1 }\n         ^\n"))
        #expect(try contents(first) == broken)
        #expect(try contents(second) == "{ a(x: 1 }")
        // Files without errors are still formatted.
        #expect(try contents(good) == Self.canonical)
    }

    @Test func unknownOptionExitsTwoAndNamesIt() throws {
        let result = try SQLGen.run(["format", "--frobnicate", "a.graphql"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--frobnicate"))
    }

    @Test func noFilesIsAnArgumentError() throws {
        let result = try SQLGen.run(["format"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no input files"))
    }

    @Test func missingFileExitsTwoNamesItAndTouchesNothing() throws {
        let folder = try SQLGen.temporaryDirectory()
        let present = try write(Self.messy, to: "present.graphql", in: folder)
        let result = try SQLGen.run(["format", "present.graphql", "absent.graphql"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("absent.graphql"))
        #expect(try contents(present) == Self.messy)
    }

    @Test func standardInputCannotBeMixedWithFiles() throws {
        let result = try SQLGen.run(["format", "-", "a.graphql"], input: "")
        #expect(result.status == 2)
        #expect(result.stderr.contains("'-'"))
    }

    @Test func helpDescribesTheCommand() throws {
        let result = try SQLGen.run(["format", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: sqlgen format [--check] FILE..."))
        #expect(result.stdout.contains("--check"))
    }

    @Test func doubleDashTreatsTheRestAsFiles() throws {
        let folder = try SQLGen.temporaryDirectory()
        let file = try write(Self.messy, to: "--odd.graphql", in: folder)
        let result = try SQLGen.run(["format", "--", "--odd.graphql"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try contents(file) == Self.canonical)
    }
}
