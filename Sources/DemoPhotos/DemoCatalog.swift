import GalleryCore

/// A generated, picsum-like catalogue (the demo's and the fixture server's): stable IDs "0"…"n−1", varied authors and aspect ratios.
public struct DemoCatalog {
    public struct Entry: Equatable {
        public let id: String
        public let author: String
        public let width: Int
        public let height: Int
    }

    public let entries: [Entry]
    private let byID: [String: Int]

    public init(count: Int) {
        let sizes = [(5000, 3333), (3000, 4000), (4000, 4000), (2500, 1667), (3840, 2160), (2000, 3000),
                     (4288, 2848), (1920, 1280), (3264, 4896), (5616, 3744), (2448, 3264), (4000, 2250)]
        let authors = ["Alejandro Escamilla", "Paul Jarvis", "Aleks Dorohovich", "Vadim Sherbakov", "Yoni Kaplan",
                       "Jerry Adney", "Go Wild", "Nithya Ramanujam", "Tina Rataj", "Rula Sibai", "Christopher Sardegna",
                       "Ryan Mcguire", "Mia Domenico", "Luke Chesser", "Danielle MacInnes", "Gozha Net"]
        var entries: [Entry] = []
        entries.reserveCapacity(max(0, count))
        for i in 0..<max(0, count) {
            let (w, h) = sizes[(i * 5 + i / sizes.count) % sizes.count]
            entries.append(Entry(id: String(i), author: authors[(i * 7 + i / authors.count) % authors.count], width: w, height: h))
        }
        self.entries = entries
        byID = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.id, $0) })
    }

    public func entry(id: String) -> Entry? { byID[id].map { entries[$0] } }

    /// Entries of a 1-based page; empty past the end.
    public func page(_ page: Int, limit: Int) -> ArraySlice<Entry> {
        let start = (max(1, page) - 1) * limit
        guard start < entries.count else { return [] }
        return entries[start..<min(entries.count, start + limit)]
    }
}
