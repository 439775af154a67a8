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
    /// Whether its button is for the person at the window alone (a file's Undo): the remote's `undo` is refused.
    public let windowOnly: Bool
    public internal(set) var remaining: Double
    /// Where the view drew the button and the whole toast (window pixels): a click on the button runs it, one
    /// elsewhere on the toast goes to nothing under it.
    public var buttonFrame: Rect?
    public var frame: Rect?

    public static let duration = 3.0, durationWithAction = 6.0

    public static func == (a: Toast, b: Toast) -> Bool { a.id == b.id && a.buttonFrame == b.buttonFrame && a.frame == b.frame }
}

/// The toast showing, if any.
public struct Toasts {
    public private(set) var current: Toast?
    private var shown = 0

    public init() {}

    public mutating func show(_ text: String, action: (label: String, run: () -> Void)? = nil, windowOnly: Bool = false) {
        shown += 1
        current = Toast(id: shown, text: text, actionLabel: action?.label, action: action?.run, windowOnly: windowOnly,
                        remaining: action == nil ? Toast.duration : Toast.durationWithAction, buttonFrame: nil, frame: nil)
    }

    public mutating func tick(dt: Double) {
        guard var toast = current else { return }
        toast.remaining -= dt
        current = toast.remaining > 0 ? toast : nil
    }

    /// Runs the toast's button, if it has one, and says it was done (a toast without a button, where the first
    /// stood: the second press of a double click lands on it, not on the photo under it). Returns whether there
    /// was one.
    @discardableResult
    public mutating func runAction() -> Bool {
        guard let action = current?.action else { return false }
        let frame = current?.frame
        // Translators: a toast after the toast's Undo button was pressed.
        show(tr("Undone"))
        current?.frame = frame
        action()
        return true
    }

    /// Whether (x, y) is on the toast's button.
    public func buttonContains(x: Int, y: Int) -> Bool { current?.buttonFrame?.contains(x: x, y: y) == true }
    /// Whether (x, y) is on the toast.
    public func contains(x: Int, y: Int) -> Bool { current?.frame?.contains(x: x, y: y) == true }

    public mutating func setButtonFrame(_ frame: Rect?) { current?.buttonFrame = frame }
    public mutating func setFrame(_ frame: Rect?) { current?.frame = frame }
    public mutating func dismiss() { current = nil }
}
