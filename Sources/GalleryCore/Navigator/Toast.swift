/// A short message at the foot of the window after an action: "Bookmarked" with Undo, "Link copied", "Could not
/// open a browser". It goes by itself after `duration` seconds (longer with a button, so there is time to reach
/// it); a new one takes its place. Its button runs by a click or by `u`.
public struct Toast: Equatable {
    /// Counts toasts, so a frame knows one changed even when the words are the same.
    public let id: Int
    public let text: String
    /// The button's words ("Undo"), when there is something to undo.
    public let actionLabel: String?
    let action: (() -> Void)?
    public internal(set) var remaining: Double
    /// Where the view drew the button (window pixels), for a click.
    public var buttonFrame: Rect?

    public static let duration = 3.0, durationWithAction = 6.0

    public static func == (a: Toast, b: Toast) -> Bool { a.id == b.id && a.buttonFrame == b.buttonFrame }
}

/// The toast showing, if any.
public struct Toasts {
    public private(set) var current: Toast?
    private var shown = 0

    public init() {}

    public mutating func show(_ text: String, action: (label: String, run: () -> Void)? = nil) {
        shown += 1
        current = Toast(id: shown, text: text, actionLabel: action?.label, action: action?.run,
                        remaining: action == nil ? Toast.duration : Toast.durationWithAction, buttonFrame: nil)
    }

    public mutating func tick(dt: Double) {
        guard var toast = current else { return }
        toast.remaining -= dt
        current = toast.remaining > 0 ? toast : nil
    }

    /// Runs the toast's button, if it has one, and takes the toast away. Returns whether there was one.
    @discardableResult
    public mutating func runAction() -> Bool {
        guard let action = current?.action else { return false }
        current = nil
        action()
        return true
    }

    /// Whether (x, y) is on the toast's button.
    public func buttonContains(x: Int, y: Int) -> Bool { current?.buttonFrame?.contains(x: x, y: y) == true }

    public mutating func setButtonFrame(_ frame: Rect?) { current?.buttonFrame = frame }
    public mutating func dismiss() { current = nil }
}
