import GalleryCore

/// The sizes the views draw with, in interface pixels, in one place (nsxiv's `config.def.h` habit): a view names
/// what a number is for, and a change of look is made here. Layouts the core works out (cells, the pane, the
/// header's buttons, the welcome form) take theirs from `GalleryConfig` and the core's own types.
enum Metrics {
    // Type: the font sizes, in points at scale 1.
    static let bodyPoints = 14
    static let boldPoints = 15
    static let titlePoints = 20

    // Spacing, smallest first.
    /// Text off the edge of its box; a caret's or a progress bar's thickness scale.
    static let inset = 4
    /// Between stacked things (a tooltip under its button, rows of a section).
    static let spacing = 6
    /// Around text in a box (a tooltip, a caption's band).
    static let padding = 8
    /// Text off the edge of a field or a badge.
    static let fieldPadding = 12
    /// Off the window's edge.
    static let margin = 16
    /// Off a panel's edge.
    static let panelPadding = 20
    /// A panel off the window's side (help).
    static let panelMargin = 30
    /// A search bar's height, and a message's distance under the header.
    static let barHeight = 40
    /// The room a large glyph keeps from what it stands beside (the pane's star, the slideshow's badge).
    static let glyphRoom = 40

    // Strokes.
    /// A rule or a panel's outline.
    static let hairline = 1
    /// A focused cell's or field's outline, a caret, the header's progress bar.
    static let stroke = 2

    /// The smallest cell that says "image unavailable" in words, and the smallest that takes a caption.
    static let unavailableLabelMin = PixelSize(width: 120, height: 40)
    static let captionMin = PixelSize(width: 160, height: 90)
    /// The smallest picture that carries a moving picture's badge.
    static let badgeMin = PixelSize(width: 60, height: 40)
}
