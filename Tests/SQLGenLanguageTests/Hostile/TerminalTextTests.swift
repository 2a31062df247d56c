import SQLGenLanguage
import Testing

/// Diagnostics never pass control characters from the input to the terminal.
@Suite struct TerminalTextTests {
    @Test func controlAndBidiCharactersAreEscaped() {
        #expect(TerminalText.escaped("a\u{1B}[2Jb\u{07}\u{7F}\u{9B}c\u{202E}d\u{2066}") == "a<U+001B>[2Jb<U+0007><U+007F><U+009B>c<U+202E>d<U+2066>")
        #expect(TerminalText.escaped("tab\there\nline") == "tab<U+0009>here<U+000A>line")
        #expect(TerminalText.escaped("tab\there", keepingTabs: true) == "tab\there")
        #expect(TerminalText.escaped("plain é ✓ 😀") == "plain é ✓ 😀")
    }

    @Test func renderedDiagnosticsEscapeTheFileTheMessageAndTheLineAndKeepTheCaretUnderTheColumn() {
        let source = Source("a: \u{1B}]0;owned\u{07}\t x\n", name: "evil\u{1B}[31m.yaml")
        let diagnostic = Diagnostic(message: "unknown key '\u{1B}[2J'\nfake: error", source: source, offset: 15)
        let rendered = diagnostic.rendered()
        #expect(!rendered.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) })
        // The caret sits under `x`: each escape is as wide as its text, the tab stays a tab.
        let caret = String(repeating: " ", count: 27) + "\t ^"
        #expect(rendered == "evil<U+001B>[31m.yaml:1:16: error: unknown key '<U+001B>[2J'<U+000A>fake: error\n"
            + "a: <U+001B>]0;owned<U+0007>\t x\n" + caret)
    }
}
