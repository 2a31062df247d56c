@testable import SQLGenEmulator
import SQLGenJSON
import Testing

@Suite("CEL expressions: parsing and evaluation")
struct CELEvaluatorTests {
    static let claims: JSONValue = .object([
        JSONMember("email_verified", .bool(true)),
        JSONMember("firebase", .object([JSONMember("sign_in_provider", .string("password"))])),
        JSONMember("roles", .array([.string("editor"), .string("viewer")])),
    ])

    static let bindings: [String: CELValue] = [
        "auth": .json(.object([JSONMember("uid", .string("alice")), JSONMember("token", claims)])),
        "vars": .json(.object([JSONMember("status", .null), JSONMember("count", .int(3)), JSONMember("title", .string("Quantum Paradox"))])),
        "request": .map([("time", .timestamp(1_700_000_000_000_000))]),
    ]

    func value(_ text: String, _ bindings: [String: CELValue] = Self.bindings) throws -> JSONValue {
        try CELEvaluator(bindings: bindings).evaluate(text).json
    }

    func failure(_ text: String, _ bindings: [String: CELValue] = Self.bindings) -> CELError? {
        do {
            _ = try CELEvaluator(bindings: bindings).evaluate(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("literals: null, bools, ints, doubles, quoted and escaped strings, lists and maps")
    func literals() throws {
        #expect(try value("null") == .null)
        #expect(try value("true") == .bool(true))
        #expect(try value("-42") == .int(-42))
        #expect(try value("0x1F") == .int(31))
        #expect(try value("2.5e1") == .double(25))
        #expect(try value(".5") == .double(0.5))
        #expect(try value(#"'it\'s'"#) == .string("it's"))
        #expect(try value(#""tab\there \u00e9""#) == .string("tab\there é"))
        #expect(try value(#"r'\d+'"#) == .string(#"\d+"#))
        #expect(try value("'''two\nlines'''") == .string("two\nlines"))
        #expect(try value("[1, 'a', [true]]") == .array([.int(1), .string("a"), .array([.bool(true)])]))
        #expect(try value("{'a': 1, 'b': [2],}") == .object([JSONMember("a", .int(1)), JSONMember("b", .array([.int(2)]))]))
    }

    @Test("member access, indexing and the Data Connect leniency for missing keys")
    func members() throws {
        #expect(try value("auth.uid") == .string("alice"))
        #expect(try value("auth.token.email_verified") == .bool(true))
        #expect(try value("auth.token.firebase.sign_in_provider") == .string("password"))
        #expect(try value("auth.token['firebase']['sign_in_provider']") == .string("password"))
        #expect(try value("auth.token.roles[1]") == .string("viewer"))
        #expect(try value("vars.title") == .string("Quantum Paradox"))
        // A missing claim is null, so comparisons are simply false; has() still sees presence.
        #expect(try value("auth.token.isAdmin == true") == .bool(false))
        #expect(try value("auth.token.isAdmin") == .null)
        #expect(try value("has(vars.status)") == .bool(true))
        #expect(try value("has(vars.missing)") == .bool(false))
        // Signed out: auth is null and its fields are null.
        let signedOut: [String: CELValue] = ["auth": .null]
        #expect(try value("auth.uid != nil", signedOut) == .bool(false))
        #expect(try value("auth == null", signedOut) == .bool(true))
        #expect(failure("auth.token.roles[5]")?.message == "Index 5 is out of range (size 2)")
        #expect(failure("vars.count.x")?.message == "Cannot select \"x\" from a value of type int")
    }

    @Test("precedence: ! and - bind tightest, then * / %, + -, relations, &&, ||, ?:")
    func precedence() throws {
        #expect(try value("1 + 2 * 3") == .int(7))
        #expect(try value("(1 + 2) * 3") == .int(9))
        #expect(try value("10 - 4 - 3") == .int(3))
        #expect(try value("7 % 4 + 1") == .int(4))
        #expect(try value("1 + 1 == 2 && 3 > 2") == .bool(true))
        #expect(try value("true || false && false") == .bool(true))
        #expect(try value("(true || false) && false") == .bool(false))
        #expect(try value("!false && true") == .bool(true))
        #expect(try value("-2 * 3") == .int(-6))
        #expect(try value("false ? 1 : true ? 2 : 3") == .int(2))
        #expect(try value("1 < 2 == true") == .bool(true))
        #expect(try value("'a' + 'b' == 'ab'") == .bool(true))
    }

    @Test("comparisons across numeric types, strings and timestamps; in on lists and maps")
    func comparisons() throws {
        #expect(try value("1 == 1.0") == .bool(true))
        #expect(try value("2 > 1.5") == .bool(true))
        #expect(try value("'abc' < 'abd'") == .bool(true))
        #expect(try value("[1, 2] == [1, 2]") == .bool(true))
        #expect(try value("{'a': 1} == {'a': 1}") == .bool(true))
        #expect(try value("1 == 'a'") == .bool(false))
        #expect(try value("'editor' in auth.token.roles") == .bool(true))
        #expect(try value("'firebase' in auth.token") == .bool(true))
        #expect(try value("vars.status in [null, []]") == .bool(true))
        #expect(try value("request.time > timestamp('2020-01-01T00:00:00Z')") == .bool(true))
        #expect(try value("request.time < '2020-01-01T00:00:00Z'") == .bool(false))
        #expect(failure("1 < 'a'")?.message == "Cannot compare int < string")
        #expect(failure("1 in 2")?.message == "\"in\" needs a list or map on the right, not int")
    }

    @Test("&& and || short-circuit both ways: a deciding operand absorbs an error on the other side")
    func shortCircuit() throws {
        #expect(try value("false && 1 / 0 == 1") == .bool(false))
        #expect(try value("1 / 0 == 1 && false") == .bool(false))
        #expect(try value("true || unknown.name") == .bool(true))
        #expect(try value("unknown.name || true") == .bool(true))
        #expect(failure("true && 1 / 0 == 1")?.message == "Division by zero")
        #expect(failure("unknown || false")?.message == "Unknown variable \"unknown\"")
        #expect(failure("1 && true")?.message == "\"&&\" needs bool operands, not int")
        // ?: evaluates only the chosen branch.
        #expect(try value("true ? 1 : 1 / 0") == .int(1))
    }

    @Test("durations: parsing, arithmetic with timestamps, comparisons, text form")
    func durations() throws {
        #expect(try value("duration('1h30m') == duration('90m')") == .bool(true))
        #expect(try value("string(duration('1.5s'))") == .string("1.5s"))
        #expect(try value("string(duration('-250ms'))") == .string("-0.25s"))
        #expect(try value("request.time - duration('1h') < request.time") == .bool(true))
        #expect(try value("string(request.time + duration('1h'))") == .string("2023-11-14T23:13:20Z"))
        #expect(try value("request.time - timestamp('2023-11-14T22:13:10Z') == duration('10s')") == .bool(true))
        #expect(try value("duration('2m') > duration('90s')") == .bool(true))
        #expect(failure("duration('soon')")?.message == "duration() needs text such as \"1h30m\", \"90s\" or \"250ms\"")
        #expect(failure("duration('1s') < 1")?.message == "Cannot compare google.protobuf.Duration < int")
        #expect(failure("request.time + request.time")?.message == "No operator \"+\" for google.protobuf.Timestamp and google.protobuf.Timestamp")
    }

    @Test("functions and macros: size, string methods, matches, has, all/exists/filter/map, conversions")
    func functions() throws {
        #expect(try value("size('héllo')") == .int(5))
        #expect(try value("auth.token.roles.size()") == .int(2))
        #expect(try value("size({'a': 1})") == .int(1))
        #expect(try value("vars.title.startsWith('Quantum')") == .bool(true))
        #expect(try value("vars.title.endsWith('Paradox')") == .bool(true))
        #expect(try value("vars.title.contains('tum Pa')") == .bool(true))
        #expect(try value("vars.title.matches('^Q[a-z]+ P')") == .bool(true))
        #expect(try value("auth.token.roles.exists(r, r == 'viewer')") == .bool(true))
        #expect(try value("auth.token.roles.all(r, r.size() > 5)") == .bool(true))
        #expect(try value("[1, 2, 3].filter(x, x > 1)") == .array([.int(2), .int(3)]))
        #expect(try value("[1, 2, 3].map(x, x * 10)") == .array([.int(10), .int(20), .int(30)]))
        #expect(try value("[1, 2, 3].exists_one(x, x == 2)") == .bool(true))
        #expect(try value("int('42') + int(2.9)") == .int(44))
        #expect(try value("string(request.time)") == .string("2023-11-14T22:13:20Z"))
        let id = try #require(try value("uuidV4()").stringValue)
        #expect(id.count == 32)
        #expect(failure("vars.title.matches('(')")?.message == "Invalid regular expression \"(\"")
        #expect(failure("frobnicate(1)")?.message.hasPrefix("Unknown function \"frobnicate\"") == true)
        #expect(failure("has(vars)")?.message == "has() needs a field selection such as has(vars.status)")
    }

    @Test("uuidV4() gives random version-4 UUIDs: 32 lowercase hex digits, version and variant set, each new")
    func uuidV4IsRandomVersion4() throws {
        var seen = Set<String>()
        for _ in 0..<1_000 {
            let id = try #require(try value("uuidV4()").stringValue)
            let digits = Array(id)
            #expect(digits.count == 32 && digits.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(id)")
            #expect(digits[12] == "4" && "89ab".contains(digits[16]), "\(id)")
            seen.insert(id)
        }
        #expect(seen.count == 1_000)
        // Every digit position varies (but the version's): no byte is left unset.
        let varying = (0..<32).filter { position in Set(seen.map { Array($0)[position] }).count > 1 }
        #expect(varying.count == 31)
    }

    @Test("syntax errors name what went wrong and where (1-based column)")
    func syntaxErrors() {
        func syntax(_ text: String) -> String? {
            do {
                _ = try CELParser.parse(text)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(syntax("auth.uid ==") == "Unexpected end of expression (column 12)")
        #expect(syntax("auth.uid = 'x'") == "Unexpected \"=\"; use \"==\" to compare (column 10)")
        #expect(syntax("(1 + 2") == "Expected \")\" but found end of expression (column 7)")
        #expect(syntax("'open") == "Unterminated string (column 1)")
        #expect(syntax("1 2") == "Unexpected number 2 after the expression (column 3)")
        #expect(syntax("a.") == "Expected a field name after \".\" but found end of expression (column 3)")
        #expect(syntax("x & y") == "Unexpected \"&\"; use \"&&\" or \"||\" (column 3)")
        #expect(syntax("if") == "\"if\" is a reserved word (column 1)")
        #expect(syntax("") == "The expression is empty (column 1)")
        #expect(syntax("99999999999999999999") == "The integer 99999999999999999999 does not fit in 64 bits (column 1)")
        #expect(syntax("'\\q'") == "Unknown escape sequence \"\\q\" (column 2)")
    }

    @Test("hostile input is an error, not a crash: deep nesting, long chains, overflow")
    func hostileInput() {
        #expect(throws: CELError.self) { try CELParser.parse(String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)) }
        #expect(throws: CELError.self) { try CELParser.parse(String(repeating: "!", count: 10_000) + "true") }
        #expect(throws: CELError.self) { try CELParser.parse(Array(repeating: "1", count: 5_000).joined(separator: " + ")) }
        #expect(throws: CELError.self) { try CELParser.parse(String(repeating: "[", count: 10_000)) }
        #expect(failure("9223372036854775807 + 1")?.message == "Integer overflow")
        #expect(failure("-9223372036854775807 - 2")?.message == "Integer overflow")
        #expect(failure("'\u{FF}' + 1") != nil)
    }

    @Test("the smallest int is a literal only when negated; negating it again overflows")
    func smallestInt() throws {
        #expect(try value("-9223372036854775808") == .int(.min))
        #expect(try value("-0x8000000000000000") == .int(.min))
        #expect(try value("-9223372036854775808 + 1") == .int(.min + 1))
        #expect(failure("9223372036854775808")?.description == "The integer 9223372036854775808 does not fit in 64 bits (column 1)")
        #expect(failure("1 + 9223372036854775808")?.description == "The integer 9223372036854775808 does not fit in 64 bits (column 5)")
        #expect(failure("-(-9223372036854775808)")?.message == "Integer overflow")
        #expect(failure("-9223372036854775808 - 1")?.message == "Integer overflow")
        #expect(failure("9223372036854775809")?.message == "The integer 9223372036854775809 does not fit in 64 bits")
    }
}
