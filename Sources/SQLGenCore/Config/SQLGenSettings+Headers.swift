import SQLGenYAML

extension SQLGenSettings {
    /// `headers:`: a mapping of header names to values, in the order written.
    static func readHeaders(_ node: YAMLNode, reader: inout ConfigReader) -> [RequestHeader] {
        guard let pairs = reader.mapping(node, "headers") else { return [] }
        var headers: [RequestHeader] = []
        for pair in pairs {
            guard isHeaderName(pair.name) else {
                reader.error("'\(pair.name)' is not an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)", at: pair.key)
                continue
            }
            guard pair.name.lowercased() != "authorization" else {
                reader.error("'Authorization' is not a static header: a signed-in user's token is sent by SQLConnect's AuthSession", at: pair.key)
                continue
            }
            guard let value = reader.string(pair.value, pair.name) else { continue }
            guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0.value == 0 }) else {
                reader.error("the value of header '\(pair.name)' must be one line", at: pair.value)
                continue
            }
            headers.append(RequestHeader(name: pair.name, value: value))
        }
        return headers
    }

    /// `auth: {header: X-Parse-Session-Token}`: the header a signed-in user's token travels in.
    static func readAuth(_ node: YAMLNode, reader: inout ConfigReader) -> String? {
        guard let pairs = reader.mapping(node, "auth") else { return nil }
        reader.checkKeys(pairs, in: "'auth'", known: ["header"])
        guard let value = node["header"], let name = reader.string(value, "header") else { return nil }
        guard isHeaderName(name) else {
            reader.error("'header' must be an HTTP header name such as X-Parse-Session-Token, found \(value.summary)", at: value)
            return nil
        }
        return name.lowercased() == "authorization" ? nil : name
    }

    /// RFC 9110's `token`: what a header field name may hold.
    static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
