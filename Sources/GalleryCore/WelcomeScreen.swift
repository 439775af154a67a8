/// The first screen on a first start (or when no name is stored, or on `N`): "Your name", a field and a Start
/// button. The field has the keyboard focus whenever the screen shows.
public final class WelcomeScreen {
    public var field: TextField
    public static let maxNameCharacters = 80

    public init(name: String = "") {
        field = TextField(text: name, maxCharacters: WelcomeScreen.maxNameCharacters)
    }

    public enum Outcome: Equatable {
        /// The name to store and greet with.
        case start(String)
        /// Nothing usable was typed: say so and stay.
        case alert(String)
    }

    public func submit() -> Outcome {
        let name = field.trimmed
        return name.isEmpty ? .alert("Please enter your name") : .start(name)
    }

    /// Where the parts go in a window of `size`: a centred column with the title, the field and the button.
    public struct Layout: Equatable {
        public var title: (x: Int, y: Int)
        public var field: Rect
        public var button: Rect

        public static func == (a: Layout, b: Layout) -> Bool {
            a.title == b.title && a.field == b.field && a.button == b.button
        }
    }

    public static func layout(window: PixelSize) -> Layout {
        let width = min(520, max(200, window.width - 80))
        let x = (window.width - width) / 2
        let top = max(60, window.height / 2 - 90)
        let field = Rect(x: x, y: top + 56, width: width, height: 44)
        let button = Rect(x: x + width - 140, y: field.maxY + 20, width: 140, height: 40)
        return Layout(title: (x, top), field: field, button: button)
    }
}

/// A message that stops everything until it is dismissed (Enter, Esc, or its OK button).
public struct AlertOverlay: Equatable {
    public let message: String
    public init(message: String) { self.message = message }

    public struct Layout: Equatable {
        public var panel: Rect
        public var button: Rect
    }

    public static func layout(window: PixelSize) -> Layout {
        let width = min(420, window.width - 40), height = 150
        let panel = Rect(x: (window.width - width) / 2, y: (window.height - height) / 2, width: width, height: height)
        let button = Rect(x: panel.maxX - 120, y: panel.maxY - 56, width: 100, height: 40)
        return Layout(panel: panel, button: button)
    }
}
