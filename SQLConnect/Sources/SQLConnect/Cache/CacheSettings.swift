import Foundation

/// The client cache: where results live and how long `.preferCache` trusts them.
public struct CacheSettings: Sendable, Hashable {
    public enum Storage: Sendable, Hashable {
        /// Files in the platform's caches folder (or `directory`), surviving app launches.
        case persistent
        /// Process memory only.
        case memory
    }

    public var storage: Storage
    /// Seconds a cached result stays fresh for `.preferCache`; 0 always refetches (results are still
    /// stored for `.cacheOnly`).
    public var maxAge: TimeInterval
    /// Overrides the persistent cache folder (tests, app groups).
    public var directory: URL?

    public init(storage: Storage = .persistent, maxAge: TimeInterval = 0, directory: URL? = nil) {
        self.storage = storage
        self.maxAge = maxAge
        self.directory = directory
    }
}
