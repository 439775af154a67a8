/// The detail pane: one photo large, with its author and links, over the screen it was opened from. It holds the
/// photo's key, not a feed index, so it stays right whatever the feed does; while open it takes input first.
public struct DetailOverlay: Equatable {
    public private(set) var key: ItemKey

    public init(key: ItemKey) { self.key = key }

    /// Lines of text under the photo.
    public static let lines = 4

    public static func layout(window: PixelSize, config: GalleryConfig, photo: Photo, lineHeight: Int) -> DetailLayout {
        DetailLayout(window: window, headerHeight: config.headerHeight, margin: config.detailMargin, photo: photo,
                     lineHeight: lineHeight, lines: lines)
    }
}

/// What is drawn over the current screen, innermost last. Each takes input before what is under it.
public enum Overlay: Equatable {
    case detail(DetailOverlay)
    case alert(AlertOverlay)

    public var scope: Scope {
        switch self {
        case .detail: return .detail
        case .alert: return .alert
        }
    }
}
