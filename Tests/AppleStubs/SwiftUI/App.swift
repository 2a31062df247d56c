// SwiftUI stub: the app structure (App, Scene, SceneBuilder, WindowGroup).
// Signatures: Apple's SwiftUI documentation (developer.apple.com/documentation/swiftui: App,
// Scene, SceneBuilder, WindowGroup/init(content:)). App and Scene are `@MainActor
// @preconcurrency`, with `@SceneBuilder @MainActor @preconcurrency var body` and, for App,
// `@MainActor @preconcurrency init()`, as in the Xcode 16 SDK. `App.main()` is left out: the
// example's app is not marked `@main`.

/// A type that represents the structure and behavior of an app.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

/// A part of an app's user interface with a life cycle managed by the system.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Scene where Body == Never {
    public var body: Never { primitiveBody(Self.self) }
}

/// A result builder for composing a collection of scenes into a single composite scene.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content {
        content
    }
}

/// A scene that presents a group of identically structured windows.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct WindowGroup<Content: View>: Scene {
    nonisolated public init(@ViewBuilder content: () -> Content) {}

    public typealias Body = Never
}
