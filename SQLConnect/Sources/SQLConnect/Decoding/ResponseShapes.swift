/// The shapes of the result types decoded so far, each built once from its type's `__shape`.
enum ResponseShapes {
    private static let shapes = Locked<[ObjectIdentifier: ResponseShape]>([:])

    static func shape<Record: ResponseRecordDecodable>(of type: Record.Type) -> ResponseShape {
        let id = ObjectIdentifier(type)
        if let shape = shapes.withLock({ $0[id] }) { return shape }
        // Built outside the lock; two threads that race here build equal shapes.
        let shape = Record.__shape
        shapes.withLock { $0[id] = shape }
        return shape
    }
}

extension ResponseRecordDecodable {
    /// `__shape`, built on the first decode of this type and kept.
    static var decodingShape: ResponseShape { ResponseShapes.shape(of: Self.self) }
}
