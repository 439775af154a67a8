import Foundation

/// Search by author: the query being typed (while the field is open) or kept (after Enter), which photos of the
/// catalog match, and how many pages in a row brought no match (paging for matches stops after a few).
public struct Search: Equatable {
    public var field = TextField(maxCharacters: 80)
    /// The field is open and has the keys; after Enter it closes and the filter stays.
    public var editing = true
    /// Pages in a row, since the query last changed, that added no match.
    public var pagesWithoutMatch = 0
    /// (The search's empty text tells its translators this is 5: change that note with it.)
    public static let maxPagesWithoutMatch = 5
    /// The bar's height and its margin above and below: while it is typed in, the wall of matches starts under it,
    /// so the bar covers neither the first row nor the words of an empty search.
    public static let barHeight = 40, barMargin = 8
    public static var barSpace: Int { barHeight + 2 * barMargin }

    /// Where the bar is drawn under a header `top` pixels tall (`inset`: its side margins).
    public static func barFrame(window: PixelSize, top: Int, inset: Int) -> Rect {
        Rect(x: inset, y: top + barMargin, width: max(1, window.width - 2 * inset), height: barHeight)
    }

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
