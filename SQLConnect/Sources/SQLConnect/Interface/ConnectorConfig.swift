/// Identifies one connector (a set of operations) of a service.
///
/// The emulator and AEM use `connector` as the path segment (`execute.json/<connector>/<operation>`);
/// for AEM it is the configuration name, e.g. `wknd-shared`.
public struct ConnectorConfig: Hashable, Sendable {
    public var serviceId: String
    public var location: String
    public var connector: String

    public init(serviceId: String, location: String, connector: String) {
        self.serviceId = serviceId
        self.location = location
        self.connector = connector
    }
}
