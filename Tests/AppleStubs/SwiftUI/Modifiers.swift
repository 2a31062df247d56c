// SwiftUI stub: the view modifiers the examples apply.
// Signatures: Apple's SwiftUI documentation (developer.apple.com/documentation/swiftui/view:
// overlay(alignment:content:), toolbar(content:), navigationTitle(_:) (LocalizedStringKey),
// navigationDestination(for:destination:), refreshable(action:), padding(_:_:), scaledToFit()),
// all `nonisolated`. `task(priority:_:)` is the Xcode 16 (iOS 18) declaration, whose actor
// attribute the documentation page hides: `@_inheritActorContext _ action: @escaping @Sendable
// () async -> Void` (as in OpenSwiftUI's TaskModifier.swift, "Audited for 6.5.4", SwiftUI 6).
// `refreshable`'s action is `@Sendable` without inheriting the caller's actor, as documented.
// Each returns its receiver: the result's type is opaque, as in SwiftUI.
import Foundation

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        self
    }

    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        self
    }

    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        self
    }

    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    nonisolated public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        self
    }

    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func task(priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View {
        self
    }

    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
        self
    }

    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        self
    }

    nonisolated public func scaledToFit() -> some View {
        self
    }
}
