// A stub of Apple's Combine holding only what SQLConnect's `#if canImport(Combine)` code uses
// (`ObservableObject`, `@Published`), so Linux CI type-checks that code. Compiled against, never run.
//
// Signatures: Apple's Combine documentation (developer.apple.com/documentation/combine:
// ObservableObject, ObservableObject.ObjectWillChangePublisher, objectWillChange,
// ObservableObjectPublisher, Published, Published.init(initialValue:), Published.projectedValue).
// Published's storage API (`wrappedValue` unavailable with the message below, the
// `_enclosingInstance` subscript) is the one Apple's Combine.swiftinterface declares; the
// documentation hides underscored members. Isolation: none of these is actor-isolated in the
// Xcode 16 SDK.
// Left out: `Publisher.receive(subscriber:)` and `Subscriber` (nothing here subscribes), and
// `Published.projectedValue` (no `$property` is read).

/// Declares that a type can transmit a sequence of values over time.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

/// A publisher that publishes changes from observable objects.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final public class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never

    public init() {}

    /// Sends the changed value to the downstream subscriber.
    final public func send() {}
}

/// A type of object with a publisher that emits before the object has changed.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where Self.ObjectWillChangePublisher.Failure == Never
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// A type that publishes a property marked with an attribute.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct Published<Value> {
    private var value: Value

    public init(wrappedValue: Value) { value = wrappedValue }

    public init(initialValue: Value) { value = initialValue }

    /// Unavailable as in Apple's interface: a `@Published` property is only reached through the
    /// enclosing instance, so one in a struct, an enum or a static property fails to compile.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set { object[keyPath: storageKeyPath].value = newValue }
    }
}
