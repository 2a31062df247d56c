/// Groups `items` by name, keeping the order in which each name first appears (as graphql-js's
/// `groupBy` does, so errors come out in source order).
func groupedByName<T>(_ items: [T], name: (T) -> String) -> [[T]] {
    var indexByName: [String: Int] = [:]
    var groups: [[T]] = []
    for item in items {
        let key = name(item)
        if let index = indexByName[key] {
            groups[index].append(item)
        } else {
            indexByName[key] = groups.count
            groups.append([item])
        }
    }
    return groups
}

/// Whether two of `items` share a name. Lists of arguments, variables or directives are short
/// and almost never repeat a name, so this answers without allocating (pairs compared) before
/// a rule groups them to report; long lists are hashed.
func hasRepeatedName<T>(_ items: [T], name: (T) -> String) -> Bool {
    if items.count < 2 { return false }
    if items.count > 16 {
        var seen: Set<String> = []
        for item in items where !seen.insert(name(item)).inserted { return true }
        return false
    }
    for i in items.indices {
        let key = name(items[i])
        for j in (i + 1)..<items.count where name(items[j]) == key { return true }
    }
    return false
}
