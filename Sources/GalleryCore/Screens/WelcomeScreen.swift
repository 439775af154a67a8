/// The first screen on a first start (or when no name is stored, or on `N`): "Your name", a field and a Start
/// button. The field has the keyboard focus whenever the screen shows.
public final class WelcomeScreen: Screen {
    public var nameField: TextField
    public static let maxNameCharacters = 80

    public init(name: String = "") {
        nameField = TextField(text: name, maxCharacters: WelcomeScreen.maxNameCharacters)
    }

    /// `Command.changeName`: over whatever shows, unless this run must not touch the user's data.
    public static func open(in gallery: GalleryModel) {
        guard gallery.user.library?.keepsChanges == true, !(gallery.screen is WelcomeScreen) else { return }
        gallery.push(WelcomeScreen(name: gallery.user.name ?? ""))
    }

    public var scopes: [Scope] { [.welcome] }
    public var field: TextField? { nameField }
    /// The caret blinks.
    public var picture: AnyHashable? { nil }

    public func editField(_ change: (inout TextField) -> Void, in gallery: GalleryModel) { change(&nameField) }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        guard command == .submit else { return nil }
        start(in: gallery)
        return GalleryModel.Effect.none
    }

    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        guard case let .click(x, y) = input else { return false }
        if WelcomeScreen.layout(window: gallery.viewport.size).button.contains(x: x, y: y) { start(in: gallery) }
        return true
    }

    /// Enter or Start: a blank name shows the alert and stays; a name is stored and greets.
    private func start(in gallery: GalleryModel) {
        switch submit() {
        case .alert(let message):
            gallery.alert(message)
        case .start(let name):
            do {
                try gallery.user.saveName(name)
                gallery.pop(self)
                // A photo frame's first run: the name asked, the slideshow it was started for.
                if gallery.config.opensSlideshow, gallery.screen === gallery.browse { SlideshowScreen.open(in: gallery) }
            } catch {
                gallery.alert("Your name could not be saved: \(error)")
            }
        }
    }

    public enum Outcome: Equatable {
        /// The name to store and greet with.
        case start(String)
        /// Nothing usable was typed: say so and stay.
        case alert(String)
    }

    public func submit() -> Outcome {
        let name = nameField.trimmed
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


extension WelcomeScreen {
    /// The gallery's welcome screen while it shows.
    public static func shown(in gallery: GalleryModel) -> WelcomeScreen? { gallery.screen as? WelcomeScreen }
}

extension WelcomeScreen {
    /// Only with the user's library (a run without one stores no name).
    public static let button = ToolbarItem(id: "name", command: .changeName, rank: 5) {
        $0.user.library?.keepsChanges == true ? ToolbarItem.Look(glyph: "👤", label: "Change your name") : nil
    }
}
