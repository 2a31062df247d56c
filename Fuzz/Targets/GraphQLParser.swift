// `graphql`: the lexer and parser alone, on any bytes. Besides "no crash", it checks invariants
// that hold for every input: errors point inside the source, parsing is deterministic, and the
// lexer's block strings follow the spec's algorithm.

@testable import SQLGenLanguage

let graphQLParserTarget = FuzzTarget(name: "graphql", run: fuzzGraphQLParser)

private func fuzzGraphQLParser(_ bytes: [UInt8]) {
    let source = Source(bytes: bytes, id: SourceID(1))
    checkLexer(source)
    checkParser(source)
    checkBlockString(source.bytes)
    var options = ParseOptions()
    options.experimentalFragmentArguments = true
    options.allowEmptySelectionSets = false
    options.maxTokens = 50
    options.maxComments = 3
    options.maxDepth = 20
    _ = try? Parser.parse(source, options: options)
    options = ParseOptions()
    options.maxLexicalTokens = 40
    options.maxSourceLength = 300
    options.noLocation = true
    _ = try? Parser.parse(source, options: options)
    _ = try? Parser.parseValue(source)
    _ = try? Parser.parseConstValue(source)
    _ = try? Parser.parseType(source)
}

private func checkError(_ error: GraphQLError, _ source: Source) {
    precondition(error.message.hasPrefix("Syntax Error: "), "not a syntax error: \(error.message)")
    for range in error.ranges {
        precondition(range.source == source.id && range.start <= source.bytes.count, "error outside the source")
        _ = source.location(at: range.start)
    }
}

private func checkLexer(_ source: Source) {
    var lexer = Lexer(source, includeComments: true)
    var previousEnd = 0
    do {
        while true {
            let token = try lexer.next()
            precondition(token.start >= previousEnd && token.end >= token.start && token.end <= source.bytes.count, "bad token range")
            previousEnd = token.end
            _ = lexer.value(of: token)
            if token.kind == .endOfFile { break }
        }
    } catch {
        checkError(error, source)
    }
}

private func checkParser(_ source: Source) {
    var options = ParseOptions()
    options.noLocation = true
    do {
        let first = try Parser.parse(source, options: options)
        let second = try Parser.parse(source, options: options)
        precondition(first == second, "parsing is not deterministic")
        let located = try Parser.parse(source)
        for definition in located.definitions {
            precondition(definition.range.end <= source.bytes.count && definition.range.source == source.id, "bad definition range")
        }
    } catch {
        checkError(error, source)
    }
}

/// The lexer's byte-level block string value equals the spec algorithm run on `String` lines.
private func checkBlockString(_ bytes: [UInt8]) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    // `\"""` stands for `"""` (compared on scalars: Characters would merge combining marks).
    var scalars = Array(text.unicodeScalars)
    var index = 0
    while index + 3 < scalars.count {
        if scalars[index] == "\\" && scalars[index + 1] == "\"" && scalars[index + 2] == "\"" && scalars[index + 3] == "\"" {
            scalars.remove(at: index)
            index += 3
        } else {
            index += 1
        }
    }
    var lines: [String] = []
    var line = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in scalars {
        if scalar == "\n" && previousWasCR {
            previousWasCR = false
            continue
        }
        previousWasCR = scalar == "\r"
        if scalar == "\n" || scalar == "\r" {
            lines.append(String(line))
            line = String.UnicodeScalarView()
        } else {
            line.append(scalar)
        }
    }
    lines.append(String(line))
    let reference = BlockString.dedentBlockStringLines(lines).joined(separator: "\n")
    precondition(BlockString.value(ofRaw: text) == reference, "block string value differs from the spec algorithm")
}
