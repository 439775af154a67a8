/// The detail pane: one photo large, with its author and links, over the screen it was opened from. It holds
/// photo keys, not feed indices, so it stays right whatever the feed does: the photo shown, and the photos viewed
/// in it in order, for back and forward. While open it takes input first.
public struct DetailOverlay: Equatable {
    /// Photos viewed in this pane, oldest first; `position` is the one shown.
    public private(set) var history: [ItemKey]
    public private(set) var position: Int

    /// The pane grows out of the cell it was opened from (`origin`, window coordinates) and shrinks back into it.
    public var reveal = Reveal()
    public var origin: Rect?

    public init(key: ItemKey, origin: Rect? = nil) {
        history = [key]
        position = 0
        self.origin = origin
    }

    public var key: ItemKey { history[position] }
    public var canGoBack: Bool { position > 0 }
    public var canGoForward: Bool { position < history.count - 1 }

    /// Shows another photo (previous or next in the feed): what was forward of here is dropped, as in a browser.
    public mutating func show(_ next: ItemKey) {
        guard next != key else { return }
        history.removeSubrange((position + 1)...)
        history.append(next)
        position += 1
        // A long session's history stays bounded.
        if history.count > DetailOverlay.maxHistory {
            history.removeFirst(history.count - DetailOverlay.maxHistory)
            position = history.count - 1
        }
    }

    @discardableResult
    public mutating func back() -> Bool {
        guard canGoBack else { return false }
        position -= 1
        return true
    }

    @discardableResult
    public mutating func forward() -> Bool {
        guard canGoForward else { return false }
        position += 1
        return true
    }

    public static let maxHistory = 500

    public static func layout(window: PixelSize, config: GalleryConfig, photo: Photo, lineHeight: Int,
                              lines: Int) -> DetailLayout {
        DetailLayout(window: window, headerHeight: config.headerHeight, margin: config.detailMargin, photo: photo,
                     lineHeight: lineHeight, lines: lines)
    }

    /// One line of text under the photo, and how it is drawn.
    public struct Line: Equatable {
        public enum Style: Equatable { case credit, link, info, hint }
        public let text: String
        public let style: Style
    }

    /// The text under a photo: the source's credit line, the page and download links a source has, what the source
    /// knows besides (a file's folder, date taken, camera), then the photo's size and the keys.
    public static func lines(photo: Photo, credit: Credit) -> [Line] {
        var lines = [Line(text: credit.line, style: .credit)]
        if !credit.page.isEmpty {
            let label = ExternalText.isFileURL(credit.page) ? "File: " : "Page: "
            lines.append(Line(text: label + credit.page, style: .link))
        }
        if !photo.downloadURL.isEmpty { lines.append(Line(text: "Download: " + photo.downloadURL, style: .link)) }
        lines += credit.details.map { Line(text: $0, style: .info) }
        lines.append(Line(text: "\(photo.width) × \(photo.height) · ← → photos · Alt+← Alt+→ back, forward · Esc to return",
                          style: .hint))
        return lines
    }
}

/// What is drawn over the current screen, innermost last. Each takes input before what is under it.
public enum Overlay: Equatable {
    case detail(DetailOverlay)
    case alert(AlertOverlay)
    /// The search field at the top of the wall while typing.
    case search
    case help

    public var scope: Scope {
        switch self {
        case .detail: return .detail
        case .alert: return .alert
        case .search: return .search
        case .help: return .help
        }
    }
}
