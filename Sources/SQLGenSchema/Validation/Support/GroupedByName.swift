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
