import Testing
@testable import SQLGenCommandLine

@Suite struct CommandArgumentsTests {
    @Test func splitsFlagsOptionsAndOperands() throws {
        let arguments = try CommandArguments(["--check", "a.graphql", "-o", "out", "--config=x.yaml", "-", "b.gql"],
                                             flags: ["--check"], options: ["-o", "--config"])
        #expect(arguments.has("--check"))
        #expect(arguments.value("-o") == "out")
        #expect(arguments.value("--config") == "x.yaml")
        #expect(arguments.operands == ["a.graphql", "-", "b.gql"])
    }

    @Test func repeatedOptionsKeepEveryValueInOrder() throws {
        let arguments = try CommandArguments(["--schema", "a", "--schema=b"], options: ["--schema"])
        #expect(arguments.values("--schema") == ["a", "b"])
        #expect(arguments.value("--schema") == "b")
    }

    @Test func doubleDashEndsOptions() throws {
        let arguments = try CommandArguments(["--", "--check", "-x"], flags: ["--check"])
        #expect(!arguments.has("--check"))
        #expect(arguments.operands == ["--check", "-x"])
    }

    @Test func unknownOptionIsNamed() {
        #expect(throws: ArgumentError.self) { try CommandArguments(["--chek"], flags: ["--check"]) }
        do {
            _ = try CommandArguments(["a", "--chek"], flags: ["--check"])
        } catch {
            #expect(error.message == "unknown option '--chek'")
        }
    }

    @Test func optionWithoutValueIsAnError() {
        do {
            _ = try CommandArguments(["--out"], options: ["--out"])
            Issue.record("no error")
        } catch {
            #expect(error.message == "option '--out' needs a value")
        }
    }

    @Test func operandPastTheLimitIsNamedWithTheHint() throws {
        #expect(try CommandArguments(["a"], maxOperands: 1).operands == ["a"])
        do {
            _ = try CommandArguments(["a", "b"], maxOperands: 1, extraOperandHint: ArgumentError.configHint)
            Issue.record("no error")
        } catch {
            #expect(error.message == "unexpected argument 'b'; use --config PATH to name the connector")
        }
    }
}
