/// Where the detail pane's parts go in a window: a panel inset from the window under the header; along its top the
/// photo's credit on the left and the viewer's controls on the right (star, zoom out, the zoom level, zoom in,
/// details); the photo as large as fits under them, with previous and next arrows at its sides; and, with the
/// details open, lines of text under it.
public struct DetailLayout {
    /// The buttons along the panel's top, left to right.
    public enum Control: String, CaseIterable, Hashable {
        /// Only for a file in a folder on this computer, on a desktop: its file actions (`FileAction`).
        case showFolder, copyPath, rotateLeft, rotateRight, trash
        /// Only for a moving picture: plays and pauses it (Space).
        case playPause, bookmark, zoomOut, zoomLevel, zoomIn, info

        /// The file action the button asks for, if it is one.
        public var fileAction: FileAction? {
            switch self {
            case .showFolder: return .showFolder
            case .copyPath: return .copyPath
            case .rotateLeft: return .rotateLeft
            case .rotateRight: return .rotateRight
            case .trash: return .trash
            default: return nil
            }
        }
    }

    public var panel: Rect
    /// The photo fitted into `imageArea`; zoomed, it fills the area.
    public var image: Rect
    public var imageArea: Rect
    /// The credit line's place, left of the controls.
    public var title: Rect
    public var controls: [(control: Control, frame: Rect)]
    /// Previous and next photo, over the photo's left and right sides.
    public var previousArrow: Rect
    public var nextArrow: Rect
    public var textOrigin: (x: Int, y: Int)
    public var textWidth: Int

    public static let padding = 16, controlHeight = 36, controlWidth = 40, levelWidth = 64, gap = 6
    public static let arrowWidth = 44, arrowHeight = 64

    /// `star`: whether the row offers the bookmark star (not on a kiosk, nor without a library to keep it in).
    /// `files`: whether it offers the file actions (a local file, on a desktop).
    public init(window: PixelSize, headerHeight: Int, margin: Int, photo: Photo, lineHeight: Int, lines: Int,
                star: Bool = true, files: Bool = false) {
        let padding = DetailLayout.padding
        let panel = Rect(x: margin, y: headerHeight + margin / 2,
                         width: max(1, window.width - 2 * margin),
                         height: max(1, window.height - headerHeight - margin))
        var x = panel.maxX - padding
        var controls: [(Control, Rect)] = []
        for control in Control.allCases.reversed()
        where (star || control != .bookmark) && (photo.motion != nil || control != .playPause)
            && (files || control.fileAction == nil) {
            let width = control == .zoomLevel ? DetailLayout.levelWidth : DetailLayout.controlWidth
            x -= width
            controls.insert((control, Rect(x: x, y: panel.y + padding / 2, width: width, height: DetailLayout.controlHeight)), at: 0)
            x -= DetailLayout.gap
        }
        let top = panel.y + padding / 2 + DetailLayout.controlHeight + padding / 2
        let textHeight = lines > 0 ? lines * lineHeight + padding : 0
        let imageArea = Rect(x: panel.x + padding, y: top,
                             width: max(1, panel.width - 2 * padding),
                             height: max(1, panel.maxY - padding - textHeight - top))
        self.panel = panel
        self.controls = controls
        title = Rect(x: panel.x + padding, y: panel.y + padding / 2, width: max(0, x - panel.x - padding),
                     height: DetailLayout.controlHeight)
        self.imageArea = imageArea
        image = imageArea.aspectFit(width: photo.width, height: photo.height)
        let arrowY = imageArea.y + (imageArea.height - DetailLayout.arrowHeight) / 2
        previousArrow = Rect(x: imageArea.x + DetailLayout.gap, y: arrowY, width: DetailLayout.arrowWidth,
                             height: DetailLayout.arrowHeight)
        nextArrow = Rect(x: imageArea.maxX - DetailLayout.gap - DetailLayout.arrowWidth, y: arrowY,
                         width: DetailLayout.arrowWidth, height: DetailLayout.arrowHeight)
        textOrigin = (panel.x + padding, imageArea.maxY + padding)
        textWidth = panel.width - 2 * padding
    }

    /// A clip's progress bar along the bottom of its picture: where a click or tap seeks (the line drawn is thinner).
    public var clipBar: Rect {
        let inset = min(16, image.width / 8), height = min(28, max(8, image.height / 4))
        return Rect(x: image.x + inset, y: image.maxY - height - 4, width: max(1, image.width - 2 * inset), height: height)
    }

    /// The share of the clip at x on the bar, 0…1.
    public func clipFraction(atX x: Int) -> Double {
        let bar = clipBar
        return min(1, max(0, Double(x - bar.x) / Double(max(1, bar.width))))
    }

    public func frame(of control: Control) -> Rect? { controls.first { $0.control == control }?.frame }

    /// The control under (x, y), if any.
    public func control(atX x: Int, y: Int) -> Control? { controls.first { $0.frame.contains(x: x, y: y) }?.control }
}
