import SQLGenLanguage
import Testing

@Suite("Scanning a string's UTF-8 bytes")
struct UTF8ScanTests {
    static let texts = ["", "a", "short\nline", String(repeating: "long text ", count: 40), String(repeating: "é ✓ 🙂 ", count: 30) + "\r",
                        "nul\u{0}inside", String(repeating: "x", count: 15), String(repeating: "x", count: 16) + "\"", Substring("ab\ncd").dropFirst().description]

    @Test(arguments: texts)
    func findsTheBytesTheUTF8ViewHas(text: String) {
        for byte in [0x0A, 0x0D, 0x00, 0x22, 0x78, 0xC3, 0x9F] as [UInt8] {
            #expect(text.containsUTF8(byte) == text.utf8.contains(byte), "byte \(byte) in \(text.debugDescription)")
        }
        let control: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x22 }
        #expect(text.containsUTF8(where: control) == text.utf8.contains(where: control))
    }
}
