// A stub of Apple's Security framework holding only the Keychain API that SQLConnect's
// `#if canImport(Security)` code uses, so Linux CI type-checks it. Compiled against, never run:
// every function answers errSecUnimplemented.
//
// Signatures: Apple's Security documentation (developer.apple.com/documentation/security:
// SecItemCopyMatching(_:_:), SecItemAdd(_:_:), SecItemUpdate(_:_:), SecItemDelete(_:),
// errSecSuccess, errSecItemNotFound, the kSec attribute keys and values), with the C declarations
// of SecItem.h / SecBase.h (`OSStatus SecItemCopyMatching(CFDictionaryRef, CFTypeRef *)`...) for
// the parameter types as Swift imports them. OSStatus is MacTypes' `Int32`.
//
// Approximation: on Apple these CF types come from CoreFoundation and are toll-free bridged to
// Foundation. Linux has no CF types, so CFDictionary and CFString are the Foundation classes they
// bridge to, which Swift values convert to with `as` exactly as on Apple (`dict as CFDictionary`,
// `kSecClass as String`); a dictionary passed without `as CFDictionary` fails here as it does there.
// The constants' string values are the SDK's, though nothing depends on them.
import Foundation

public typealias OSStatus = Int32
public typealias CFTypeRef = AnyObject
public typealias CFDictionary = NSDictionary
public typealias CFString = NSString

@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    errSecUnimplemented
}

@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    errSecUnimplemented
}

@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    errSecUnimplemented
}

@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    errSecUnimplemented
}

// Result codes, imported from a C enum as read-only globals.
public var errSecSuccess: OSStatus { 0 }
public var errSecUnimplemented: OSStatus { -4 }
public var errSecItemNotFound: OSStatus { -25300 }

// Item class, attribute, search and return keys and values (`let kSec...: CFString`). Swift reads
// these C constants from any isolation; NSString is not Sendable on Linux, hence nonisolated(unsafe).
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecClass: CFString = "class"
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = "genp"
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecAttrService: CFString = "svce"
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecAttrAccount: CFString = "acct"
@available(iOS 4.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecAttrAccessible: CFString = "pdmn"
@available(iOS 4.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlock: CFString = "ck"
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecMatchLimit: CFString = "m_Limit"
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = "m_LimitOne"
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecReturnData: CFString = "r_Data"
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecValueData: CFString = "v_Data"
