// SwiftUI stub: the container and control views the examples build.
// Signatures: Apple's SwiftUI documentation (developer.apple.com/documentation/swiftui:
// VStack/init(alignment:spacing:content:), ScrollView/init(_:showsIndicators:content:),
// List/init(_:rowContent:) and List/init(_:id:rowContent:) (where SelectionValue == Never),
// ForEach, NavigationStack/init(root:) (where Data == NavigationPath),
// NavigationLink/init(value:label:) (where Destination == Never), Button/init(_:action:)
// (`@preconcurrency nonisolated`, `action: @escaping @MainActor () -> Void`),
// TextField/init(_:text:) and SecureField/init(_:text:) (where Label == Text)).
// Isolation as in the Xcode 16 SDK: each view conforms to View in its declaration (a main-actor
// type) and its initializers are `nonisolated`.
import Foundation

/// A view that arranges its subviews in a vertical line.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct VStack<Content: View>: View {
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}

    public typealias Body = Never
}

/// A scrollable view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ScrollView<Content: View>: View {
    nonisolated public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}

    public typealias Body = Never
}

/// A structure that computes views on demand from an underlying collection of identified data.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}

extension ForEach: View where Content: View {
    public typealias Body = Never
}

/// A container that presents rows of data arranged in a single column.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct List<SelectionValue: Hashable, Content: View>: View {
    public typealias Body = Never
}

extension List where SelectionValue == Never {
    nonisolated public init<Data, RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection, RowContent: View, Data.Element: Identifiable {}

    nonisolated public init<Data, ID, RowContent>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, ID, RowContent>, Data: RandomAccessCollection, ID: Hashable, RowContent: View {}
}

/// A type-erased list of data representing the content of a navigation stack.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationPath {
    public init() {}
}

/// A view that displays a root view and enables you to present additional views over it.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationStack<Data, Root: View>: View {
    public typealias Body = Never
}

extension NavigationStack where Data == NavigationPath {
    nonisolated public init(@ViewBuilder root: () -> Root) {}
}

/// A view that controls a navigation presentation.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct NavigationLink<Label: View, Destination: View>: View {
    public typealias Body = Never
}

extension NavigationLink where Destination == Never {
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    nonisolated public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {}
}

/// A control that initiates an action.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Button<Label: View>: View {
    public typealias Body = Never
}

extension Button where Label == Text {
    @preconcurrency
    nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
}

/// A control that displays an editable text interface.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct TextField<Label: View>: View {
    public typealias Body = Never
}

extension TextField where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
}

/// A control into which people securely enter private text.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct SecureField<Label: View>: View {
    public typealias Body = Never
}

extension SecureField where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
}
