/// A coding path as a linked list, so nested decoders share their parent's path instead of copying
/// an array at every level; the array is built only when someone asks (error messages).
indirect enum CodingPathNode: Sendable {
    case root
    case key(String, CodingPathNode)
    case index(Int, CodingPathNode)

    /// One step below a node, kept inline until a nested decoder needs the node itself.
    enum Component: Sendable {
        case key(String)
        case index(Int)
    }

    func appending(_ component: Component) -> CodingPathNode {
        switch component {
        case .key(let name): return .key(name, self)
        case .index(let index): return .index(index, self)
        }
    }

    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root:
                return keys.reversed()
            case .key(let name, let parent):
                keys.append(AnyCodingKey(name))
                node = parent
            case .index(let index, let parent):
                keys.append(IndexCodingKey(index))
                node = parent
            }
        }
    }
}

/// A list position in a coding path.
struct IndexCodingKey: CodingKey {
    let index: Int

    init(_ index: Int) {
        self.index = index
    }

    init?(stringValue: String) {
        guard let index = Int(stringValue) else { return nil }
        self.index = index
    }

    init(intValue: Int) {
        index = intValue
    }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}
