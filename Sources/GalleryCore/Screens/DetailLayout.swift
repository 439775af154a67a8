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
    /// The least room the credit line keeps beside the controls before the file actions move to a row of their own.
    public static let minimumTitleWidth = 200

    /// `controls` laid right to left, the last ending at `x`; `x` is left at the row's start, less a gap.
    private static func row(_ controls: [Control], endingAt x: inout Int, y: Int) -> [(control: Control, frame: Rect)] {
        var row: [(control: Control, frame: Rect)] = []
        for control in controls.reversed() {
            let width = control == .zoomLevel ? levelWidth : controlWidth
            x -= width
            row.insert((control, Rect(x: x, y: y, width: width, height: controlHeight)), at: 0)
            x -= gap
        }
        return row
    }

    /// `star`: whether the row offers the bookmark star (not on a kiosk, nor without a library to keep it in).
    /// `files`: whether it offers the file actions (a local file, on a desktop).
    public init(window: PixelSize, headerHeight: Int, margin: Int, photo: Photo, lineHeight: Int, lines: Int,
                star: Bool = true, files: Bool = false) {
        let padding = DetailLayout.padding
        let panel = Rect(x: margin, y: headerHeight + margin / 2,
                         width: max(1, window.width - 2 * margin),
                         height: max(1, window.height - headerHeight - margin))
        let shown = Control.allCases.filter {
            (star || $0 != .bookmark) && (photo.motion != nil || $0 != .playPause) && (files || $0.fileAction == nil)
        }
        let rowY = panel.y + padding / 2
        var x = panel.maxX - padding
        var controls = DetailLayout.row(shown.filter { $0.fileAction == nil }, endingAt: &x, y: rowY)
        // The file actions stand left of the viewer's controls while the credit line keeps `minimumTitleWidth`;
        // in a narrow window (480 px) they take a row of their own under them, so the credit never vanishes.
        let fileControls = shown.filter { $0.fileAction != nil }
        let filesWidth = fileControls.count * (DetailLayout.controlWidth + DetailLayout.gap)
        var top = rowY + DetailLayout.controlHeight + padding / 2
        if x - filesWidth - panel.x - padding >= DetailLayout.minimumTitleWidth {
            controls = DetailLayout.row(fileControls, endingAt: &x, y: rowY) + controls
        } else if !fileControls.isEmpty {
            var secondX = panel.maxX - padding
            let secondY = rowY + DetailLayout.controlHeight + DetailLayout.gap
            controls += DetailLayout.row(fileControls, endingAt: &secondX, y: secondY)
            top += DetailLayout.controlHeight + DetailLayout.gap
        }
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
