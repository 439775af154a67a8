import Foundation

/// Search by author: the query being typed (while the field is open) or kept (after Enter), which photos of the
/// catalog match, and how many pages in a row brought no match (paging for matches stops after a few).
public struct Search: Equatable {
    public var field = TextField(maxCharacters: 80)
    /// The field is open and has the keys; after Enter it closes and the filter stays.
    public var editing = true
    /// Pages in a row, since the query last changed, that added no match.
    public var pagesWithoutMatch = 0
    public static let maxPagesWithoutMatch = 5

    public init() {}

    public var query: String { field.trimmed }

    /// Case- and diacritic-insensitive: "zoe" finds "Zoë", "ADA" finds "Ada".
    public static func matches(_ author: String, query: String) -> Bool {
        guard !query.isEmpty else { return true }
        return fold(author).contains(fold(query))
    }

    static func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Whether paging on for more matches is still worth it.
    public var keepsPaging: Bool { pagesWithoutMatch < Search.maxPagesWithoutMatch }
}
