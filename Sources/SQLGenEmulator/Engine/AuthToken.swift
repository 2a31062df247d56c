// How the emulator reads `Authorization: Bearer <token>`: an (unsigned) JWT gives `auth.uid` and
// `auth.token` claims (one whose `exp` is past signs no one in); any other token is taken as the
// uid of a signed-in, non-anonymous user.
// Signatures are never checked: this is a local emulator, not a security boundary.

import Foundation
import SQLGenJSON

extension Caller {
    /// The caller a bearer token describes.
    /// - `header.payload.signature` (the signature may be empty, as the Auth emulator issues them)
    ///   whose payload is base64url JSON: `sub` (or `user_id`) is `auth.uid`, the whole payload is
    ///   `auth.token` (`email_verified`, `firebase.sign_in_provider`, custom claims).
    /// - anything else: the token is the uid, with claims `{sub, user_id, firebase: {sign_in_provider: "custom"}}`.
    public init(bearerToken token: String, now: Date = Date()) {
        if let claims = Self.jwtClaims(token) {
            if let expiry = Self.seconds(claims["exp"]), expiry < now.timeIntervalSince1970 {
                self.init()
                tokenExpired = true
                return
            }
            let uid = claims["sub"]?.stringValue ?? claims["user_id"]?.stringValue
            self.init(uid: uid.flatMap { $0.isEmpty ? nil : $0 }, claims: uid == nil ? .object([]) : claims)
            return
        }
        guard !token.isEmpty else {
            self.init()
            return
        }
        self.init(uid: token, claims: .object([
            JSONMember("sub", .string(token)),
            JSONMember("user_id", .string(token)),
            JSONMember("firebase", .object([JSONMember("sign_in_provider", .string("custom"))])),
        ]))
    }

    /// A JWT time claim (seconds since 1970).
    private static func seconds(_ claim: JSONValue?) -> Double? {
        switch claim {
        case .int(let seconds)?: return Double(seconds)
        case .double(let seconds)?: return seconds
        default: return nil
        }
    }

    /// The payload of a three-part token when it is a base64url JSON object.
    static func jwtClaims(_ token: String) -> JSONValue? {
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = base64URLDecode(parts[1]),
              let claims = try? JSONParser.parse(payload), case .object = claims else { return nil }
        return claims
    }

    /// Base64url (or standard base64), padding optional; nil on any other character.
    static func base64URLDecode(_ text: Substring.UTF8View) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in text {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "-"), UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "_"), UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="): continue
            default: return nil
            }
            buffer = (buffer << 6) | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return output
    }
}

extension Caller {
    /// The same identity with admin rights (ad-hoc requests: `@auth` is not enforced, `auth.*` still evaluates).
    var asAdmin: Caller {
        var copy = self
        copy.isAdmin = true
        return copy
    }
}
