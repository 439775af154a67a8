/// The interface's icons: glyphs of Google's Material Icons, the font Debian ships as
/// fonts-material-design-icons-iconfont (`MaterialIcons-Regular.ttf`). A font rather than an SVG set: one file,
/// each icon found by its codepoint, rendered by SDL_ttf (already the text's path) hinted at the exact pixel size of
/// the display's scale, so an icon is as crisp at 4K as at 1x; SDL_image's SVG loader (nanosvg) rasterises without
/// hinting, and an SVG set is hundreds of files to find and keep.
///
/// This is the one table of the vocabulary: each case's raw value is the icon's name in the font's codepoints
/// (`_variables.scss`), `codepoint` its character. Buttons keep the glyph they had (drawn in the text font when
/// the icon font is missing) and `standing(for:)` says which icon stands for it.
public enum Icon: String, CaseIterable, Sendable {
    case arrowBack = "arrow_back", arrowForward = "arrow_forward"
    case gridView = "grid_view", viewList = "view_list"
    case slideshow, bookmarks, search, history, person
    case moreHoriz = "more_horiz", helpOutline = "help_outline"
    case star, starBorder = "star_border"
    case zoomIn = "zoom_in", zoomOut = "zoom_out", info
    case playArrow = "play_arrow", pause
    case chevronLeft = "chevron_left", chevronRight = "chevron_right"
    case delete, rotateLeft = "rotate_left", rotateRight = "rotate_right", contentCopy = "content_copy"
    case folderOpen = "folder_open"
    /// The empty screens' pictures.
    case photoLibrary = "photo_library", bookmarkBorder = "bookmark_border", searchOff = "search_off"
    case cloudOff = "cloud_off", refresh
    /// The weather's (`WeatherCode.icon`): all in the font since Material Icons 4.
    case sunny, darkMode = "dark_mode", filterDrama = "filter_drama", nightsStay = "nights_stay", cloud, foggy
    case waterDrop = "water_drop", umbrella, acUnit = "ac_unit", thunderstorm

    /// Its name in the font ("bookmark_border").
    public var name: String { rawValue }

    /// Its character in MaterialIcons-Regular.ttf (the Private Use Area).
    public var codepoint: UInt32 {
        switch self {
        case .arrowBack: 0xE5C4
        case .arrowForward: 0xE5C8
        case .gridView: 0xE9B0
        case .viewList: 0xE8EF
        case .slideshow: 0xE41B
        case .bookmarks: 0xE98B
        case .search: 0xE8B6
        case .history: 0xE889
        case .person: 0xE7FD
        case .moreHoriz: 0xE5D3
        case .helpOutline: 0xE8FD
        case .star: 0xE838
        case .starBorder: 0xE83A
        case .zoomIn: 0xE8FF
        case .zoomOut: 0xE900
        case .info: 0xE88E
        case .playArrow: 0xE037
        case .pause: 0xE034
        case .chevronLeft: 0xE5CB
        case .chevronRight: 0xE5CC
        case .delete: 0xE872
        case .rotateLeft: 0xE419
        case .rotateRight: 0xE41A
        case .contentCopy: 0xE14D
        case .folderOpen: 0xE2C8
        case .photoLibrary: 0xE413
        case .bookmarkBorder: 0xE867
        case .searchOff: 0xEA76
        case .cloudOff: 0xE2C1
        case .refresh: 0xE5D5
        case .sunny: 0xE81A
        case .darkMode: 0xE51C
        case .filterDrama: 0xE3DD
        case .nightsStay: 0xEA46
        case .cloud: 0xE2BD
        case .foggy: 0xE818
        case .waterDrop: 0xE798
        case .umbrella: 0xF1AD
        case .acUnit: 0xEB3B
        case .thunderstorm: 0xEBDB
        }
    }

    /// The icon as a one-character string, to render in the icon font.
    public var character: String { String(Character(Unicode.Scalar(codepoint)!)) }

    /// The icon that stands for a button's glyph (the header's, the pane's, the "⋯" menu's rows); nil for one
    /// drawn as words (the pane's zoom level, "100%").
    public static func standing(for glyph: String) -> Icon? { byGlyph[glyph] }

    /// Every glyph a button draws today, and its icon. A room that brings a button with a new glyph adds a line
    /// here (`IconTests` fails for a header button without one).
    public static let byGlyph: [String: Icon] = [
        "←": .arrowBack, "→": .arrowForward, "▦": .gridView, "☰": .viewList, "▶": .playArrow,
        "★": .star, "☆": .starBorder, "🔍": .search, "👤": .person, "⋯": .moreHoriz,
        "?": .helpOutline, "−": .zoomOut, "+": .zoomIn, "i": .info, "❚❚": .pause, "‹": .chevronLeft,
        "›": .chevronRight,
        // The pane's file operations ("⟲" is the memories' button's glyph too: that one names its icon, history).
        "🗑": .delete, "⟲": .rotateLeft, "⟳": .rotateRight, "⧉": .contentCopy, "📂": .folderOpen,
    ]
}
