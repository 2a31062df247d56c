// SwiftUI stub: Text, the localized string keys it is made from, and Font.
// Signatures: Apple's SwiftUI documentation (developer.apple.com/documentation/swiftui: Text,
// Text/init(_:tableName:bundle:comment:), Text/init(_:) for StringProtocol (disfavored, so a
// literal becomes a LocalizedStringKey), Text/font(_:), Text/foregroundStyle(_:) (iOS 17),
// LocalizedStringKey.StringInterpolation/appendInterpolation(_:) and
// appendInterpolation(_:specifier:), Font). Text, Font and these values are not actor-isolated.
import Foundation

/// A view that displays one or more lines of read-only text.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Text: Equatable, Sendable {
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}

    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {}

    public func font(_ font: Font?) -> Text { self }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
}

extension Text: View {
    public typealias Body = Never
}

/// The key for a localized string resource to use when displaying a string in a view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    private var key: String

    public init(_ value: String) { key = value }

    public init(stringLiteral value: String) { key = value }

    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.format }

    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var format = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { format += literal }

        public mutating func appendInterpolation(_ string: String) { format += "%@" }

        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) {
            format += specifier
        }
    }
}

/// A value that `appendInterpolation(_:specifier:)` formats with a printf specifier.
public protocol _FormatSpecifiable: Equatable {
    associatedtype _Arg: CVarArg
    var _arg: _Arg { get }
    var _specifier: String { get }
}

extension Double: _FormatSpecifiable {
    public var _arg: Double { self }
    public var _specifier: String { "%lf" }
}

/// An environment-dependent font.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Font: Hashable, Sendable {
    private let style: String

    public static let title = Font(style: "title")
    public static let headline = Font(style: "headline")
    public static let subheadline = Font(style: "subheadline")
}
