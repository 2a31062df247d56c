// A stub of Apple's SwiftUI holding only what the examples' SwiftUI files use
// (Examples/Movies/.../MovieListView.swift, Examples/WKNDAdventures/.../AdventuresApp.swift), so
// Linux CI type-checks them: names, types, result builders and isolation. Compiled against, never
// run. Every file of this module names its sources; this one holds the View protocol, ViewBuilder
// and the property wrapper.
//
// Signatures and isolation are the Xcode 16 (iOS 18) SDK's:
// - Apple's SwiftUI documentation (developer.apple.com/documentation/swiftui: View, State,
//   ViewBuilder, DynamicProperty). View is `@MainActor @preconcurrency`, its `body` is
//   `@ViewBuilder @MainActor @preconcurrency` (the Xcode 16 SwiftUICore interface quoted in the
//   zenn.dev scrap "Swift Concurrencyについて調べる": "Xcode 16以上: View 自体が MainActor").
// - The current pages show Xcode 26 spellings (`@ContentBuilder`, `@export(implementation)`,
//   `nonisolated struct`); the Xcode 16 SDK has `@ViewBuilder`, and its built-in views conform to
//   View in their declaration (so they are main-actor types) with `nonisolated` initializers and
//   modifiers, as written here.
// - ViewBuilder's members (`buildExpression`, `buildBlock` with a parameter pack, `buildIf`) are
//   those of the iOS 17+ SDK; `Optional` and `Never` are views as in the SDK.
import Foundation
// SwiftUI re-exports Observation (iOS 17+: `@Observable` needs only `import SwiftUI`) and, on
// iOS, UIKit; Observation is Linux's own module, UIKit the stub.
@_exported import Observation
@_exported import UIKit
#if canImport(FoundationNetworking)
// Approximation: Apple's Foundation holds URLSession; Linux's keeps it in FoundationNetworking, so
// the stub makes it visible to files that import SwiftUI and Foundation, as on Apple.
@_exported import FoundationNetworking
#endif

/// A type that represents part of your app's user interface.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Primitive views (`Body == Never`) have no body to read; SwiftUI never reads it and neither does
/// anything here, since the stub is only compiled against.
extension View where Body == Never {
    public var body: Never { primitiveBody(Self.self) }
}

func primitiveBody(_ type: Any.Type) -> Never {
    fatalError("\(type) is a primitive type of a compile-only SwiftUI stub")
}

/// `Never` is the body of every primitive view and scene (one body serves both protocols; the
/// `return` keeps either result builder from being inferred for it).
extension Never: View, Scene {
    public var body: Never { return primitiveBody(Never.self) }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

/// A view created from a swift tuple of view values.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct TupleView<T>: View {
    nonisolated public init(_ value: T) {}

    public typealias Body = Never
}

/// A custom parameter attribute that constructs views from closures.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content {
        content
    }

    public static func buildBlock<Content: View>(_ content: Content) -> Content {
        content
    }

    @_disfavoredOverload
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }

    public static func buildIf<Content: View>(_ content: Content?) -> Content? {
        content
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
}

/// View content that shows one of two possible children (`if`/`else` in a view builder).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public typealias Body = Never
}

/// An interface for a stored variable that updates an external property of a view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A property wrapper type that can read and write a value managed by SwiftUI; `$value` is a
/// `Binding` to it.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let box: StateBox<Value>

    public init(wrappedValue value: Value) {
        box = StateBox(value)
    }

    public init(initialValue value: Value) {
        box = StateBox(value)
    }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

/// A property wrapper type that can read and write a value owned by a source of truth.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        (self.get, self.set) = (get, set)
    }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() {
        self.init(wrappedValue: nil)
    }
}

/// The storage SwiftUI keeps outside the view (`nonmutating set`).
final class StateBox<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
