import Foundation

/// What an overlay is called where its owner switches it (the remote page's toggles, Home Assistant's switches):
/// the registry's names (`InstalledOverlays`, protocol words: `clock`, `values`) with the English the owner reads,
/// translated where it is shown (`book.tr(OverlayTitles.english(of: name))`).
public enum OverlayTitles {
    /// The installed overlays that can be switched; a name not listed is said from the name itself.
    public static let titles: [String: String] = [
        "captions": untranslated("Captions"),
        "clock": untranslated("Clock"),
        "weather": untranslated("Weather"),
        "calendar": untranslated("Calendar"),
        "values": untranslated("House values"),
    ]

    /// The English title of the overlay `name` (`clock` → "Clock"; an unknown `house-values` → "House values").
    public static func english(of name: String) -> String {
        titles[name] ?? name.prefix(1).uppercased() + name.dropFirst().replacingOccurrences(of: "-", with: " ")
    }

    /// The title of the overlay `name` in `book`.
    public static func title(of name: String, in book: any WordBook) -> String {
        book.tr(english(of: name))
    }
}
