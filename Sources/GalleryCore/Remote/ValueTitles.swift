import Foundation

/// What the owner reads for the protocol's values the remote page shows: a setting's choices (`crossfade`,
/// `bottom-left`) and a photo's kind (`livePhoto`). The values stay English on the wire and in the configuration
/// file; the page shows these, translated per phone (`book.tr(english, context:)`).
public enum ValueTitles {
    public static let choiceContext = "setting choice"
    public static let kindContext = "photo kind"

    /// A choice's words by its value (a value not here, such as a source's name, is shown as it is).
    public static let choiceTitles: [String: String] = [
        "wall": untranslated("Wall", context: "setting choice"),
        "slideshow": untranslated("Slideshow", context: "setting choice"),
        "crossfade": untranslated("Crossfade", context: "setting choice"),
        // Translators: a slideshow transition: the photo fades to black, then the next one fades in.
        "dip": untranslated("Dip to black", context: "setting choice"),
        "slide": untranslated("Slide", context: "setting choice"),
        "none": untranslated("None", context: "setting choice"),
        // Translators: around a photo that does not fill the screen: a blurred copy of it.
        "blur": untranslated("Blurred photo", context: "setting choice"),
        // Translators: around a photo that does not fill the screen: a plain colour taken from it.
        "matte": untranslated("Matte", context: "setting choice"),
        "black": untranslated("Black", context: "setting choice"),
        "bottom-left": untranslated("Bottom left", context: "setting choice"),
        "bottom-right": untranslated("Bottom right", context: "setting choice"),
        "top-left": untranslated("Top left", context: "setting choice"),
        "top-right": untranslated("Top right", context: "setting choice"),
        "top": untranslated("Top", context: "setting choice"),
        "bottom": untranslated("Bottom", context: "setting choice"),
        // Translators: an order of the photos: by the date taken.
        "date": untranslated("Date", context: "setting choice"),
        // Translators: an order of the photos: by file name.
        "name": untranslated("Name", context: "setting choice"),
        "random": untranslated("Random", context: "setting choice"),
    ]

    /// A photo's kind (`MotionKind`) by its value, as the page's details line says it ("clip", "Live Photo").
    public static let kindTitles: [String: String] = [
        "clip": untranslated("clip", context: "photo kind"),
        // Translators: a moving GIF or WebP.
        "animation": untranslated("animation", context: "photo kind"),
        "livePhoto": untranslated("Live Photo", context: "photo kind"),
        // Translators: a photo with a short clip inside its file (Android's motion photo).
        "motionPhoto": untranslated("motion photo", context: "photo kind"),
    ]

    /// Each table in `book`, by value.
    public static func choices(in book: any WordBook) -> [String: String] {
        choiceTitles.mapValues { book.tr($0, context: choiceContext) }
    }

    public static func kinds(in book: any WordBook) -> [String: String] {
        kindTitles.mapValues { book.tr($0, context: kindContext) }
    }
}
