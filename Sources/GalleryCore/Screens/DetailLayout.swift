/// Where the detail pane's parts go in a window: a panel inset from the window under the header, the photo as large
/// as fits its top part, and lines of text under it.
public struct DetailLayout {
    public var panel: Rect
    /// The photo fitted into `imageArea`; zoomed, it fills the area.
    public var image: Rect
    public var imageArea: Rect
    public var textOrigin: (x: Int, y: Int)
    public var textWidth: Int
    /// Back and forward between photos viewed in the pane, at the panel's top right.
    public var backButton: Rect
    public var forwardButton: Rect

    public init(window: PixelSize, headerHeight: Int, margin: Int, photo: Photo, lineHeight: Int, lines: Int) {
        let panel = Rect(x: margin, y: headerHeight + margin / 2,
                         width: max(1, window.width - 2 * margin),
                         height: max(1, window.height - headerHeight - margin))
        let padding = 16
        let textHeight = lines * lineHeight + padding
        let imageArea = Rect(x: panel.x + padding, y: panel.y + padding,
                             width: max(1, panel.width - 2 * padding),
                             height: max(1, panel.height - 2 * padding - textHeight))
        self.panel = panel
        self.imageArea = imageArea
        self.image = imageArea.aspectFit(width: photo.width, height: photo.height)
        self.textOrigin = (panel.x + padding, imageArea.maxY + padding)
        self.textWidth = panel.width - 2 * padding
        forwardButton = Rect(x: panel.maxX - padding - 44, y: panel.y + padding, width: 44, height: 36)
        backButton = Rect(x: forwardButton.x - 52, y: forwardButton.y, width: 44, height: 36)
    }
}
