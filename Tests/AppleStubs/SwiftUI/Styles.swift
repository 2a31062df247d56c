// SwiftUI stub: styles, layout values and Image.
// Signatures: Apple's SwiftUI documentation (developer.apple.com/documentation/swiftui:
// ShapeStyle (Sendable), ShapeStyle/red where Self == Color, ShapeStyle/secondary where
// Self == HierarchicalShapeStyle, HorizontalAlignment, Alignment, Edge.Set, Axis.Set, EdgeInsets,
// Image, Image/resizable(capInsets:resizingMode:), Image.ResizingMode, Image/init(uiImage:)).
// None of these is actor-isolated.
import Foundation
import UIKit

/// A color or pattern to use when rendering a shape.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ShapeStyle: Sendable {}

/// A representation of a color that adapts to a given context.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Color: Hashable, Sendable, ShapeStyle {
    fileprivate let name: String
}

extension Color: View {
    public typealias Body = Never
}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color(name: "red") }
}

/// A shape style that maps to one of the numbered content styles.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct HierarchicalShapeStyle: ShapeStyle {
    fileprivate let level: Int
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 1) }
}

/// An alignment position along the horizontal axis.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct HorizontalAlignment: Equatable, Sendable {
    private let id: Int

    public static let leading = HorizontalAlignment(id: 0)
    public static let center = HorizontalAlignment(id: 1)
}

/// An alignment in both axes.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Alignment: Equatable, Sendable {
    private let id: Int

    public static let center = Alignment(id: 0)
}

/// An enumeration to indicate one edge of a rectangle.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }

        public static let all = Set(rawValue: 15)
    }
}

/// The horizontal or vertical dimension in a 2D coordinate system.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }

        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// The inset distances for the sides of a rectangle.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EdgeInsets: Equatable, Sendable {
    public init() {}
}

/// A view that displays an image.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Image: Equatable, Sendable {
    /// The modes that SwiftUI uses to resize an image to fit within its containing view.
    public enum ResizingMode: Hashable, Sendable {
        case tile, stretch
    }

    /// Creates a SwiftUI image from a UIKit image instance (in SwiftUI on UIKit platforms).
    public init(uiImage: UIImage) {}

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image {
        self
    }
}

extension Image: View {
    public typealias Body = Never
}
