// A stub of Apple's UIKit holding only what the examples' `#if canImport(UIKit)` code uses
// (`UIImage(data:)`, handed to SwiftUI's `Image(uiImage:)`), so Linux CI type-checks that branch.
// Compiled against, never run.
//
// Signatures: Apple's UIKit documentation (developer.apple.com/documentation/uikit/uiimage,
// UIImage/init(data:)): `class UIImage: NSObject`, `init?(data: Data)`. UIImage is not
// actor-isolated and is Sendable in the iOS 17 and 18 SDKs (Apple's developer forums,
// "If NSImage is not Sendable...": "UIImage is Sendable").
import Foundation

/// An object that manages image data in your app.
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class UIImage: NSObject, @unchecked Sendable {
    /// Initializes and returns the image object with the specified data.
    public init?(data: Data) {
        return nil
    }
}
