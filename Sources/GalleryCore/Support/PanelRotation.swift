/// A panel mounted turned (`--rotate 90`): the picture is drawn upright at the turned size and turned clockwise onto
/// the panel; the pointer and fingers, which the panel reports in its own coordinates, are turned back.
public struct PanelRotation: Equatable, Sendable {
    /// Clockwise, 0, 90, 180 or 270.
    public let degrees: Int

    public init?(degrees: Int) {
        guard [0, 90, 180, 270].contains(degrees) else { return nil }
        self.degrees = degrees
    }

    /// The upright picture's size on a panel of `width`×`height`.
    public func pictureSize(panelWidth width: Int, height: Int) -> (width: Int, height: Int) {
        degrees % 180 == 90 ? (height, width) : (width, height)
    }

    /// A point on the panel (its own coordinates, `width`×`height`) in the upright picture's coordinates.
    public func pictureFromPanel(x: Double, y: Double, width: Double, height: Double) -> (x: Double, y: Double) {
        switch degrees {
        case 90: return (y, width - x)
        case 180: return (width - x, height - y)
        case 270: return (height - y, x)
        default: return (x, y)
        }
    }
}
