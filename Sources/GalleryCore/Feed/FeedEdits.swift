/// What changed under photos the feed already has (a watched folder's files deleted, replaced or added): what the
/// catalog takes out and puts in, without starting the feed again. Any source whose photos change in place says it
/// this way (`SourceContext.edits`).
public struct FeedEdits: Equatable, Sendable {
    /// Photo IDs to take out (deleted or replaced files).
    public var removed: [String] = []
    /// Photos to put in, each before the photo with that ID (nil: at the end).
    public var inserted: [(photo: Photo, before: String?)] = []
    public init() {}
    public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty }
    public mutating func merge(_ other: FeedEdits) { removed += other.removed; inserted += other.inserted }
    public static func == (a: FeedEdits, b: FeedEdits) -> Bool {
        a.removed == b.removed && a.inserted.map(\.photo) == b.inserted.map(\.photo)
            && a.inserted.map(\.before) == b.inserted.map(\.before)
    }
}
