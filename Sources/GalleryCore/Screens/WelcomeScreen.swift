/// The first screen on a first start (or when no name is stored, or on `N`): what Tessera is, "Your name", and on a
/// first start that was told no source, the photos to show: the Pictures folder filled in, a "Choose…" button for
/// the desktop's folder chooser, or a path typed; then Start. Tab (or a click) moves between the fields; the one
/// with the focus has the keys.
public final class WelcomeScreen: Screen {
    public var nameField: TextField
    /// The folder to show (nil: this start offers none).
    public private(set) var folderField: TextField?
    public private(set) var offer: PhotoOffer?
    public enum Focus: Equatable { case name, folder }
    public private(set) var focus = Focus.name
    public static let maxNameCharacters = UserData.maxNameCharacters, maxPathCharacters = 4096

    public init(name: String = "") {
        nameField = TextField(text: name, maxCharacters: WelcomeScreen.maxNameCharacters)
    }

    /// Offers photos (a first run told no source): the Pictures folder, if there is one, is filled in.
    public func offer(_ offer: PhotoOffer?) {
        self.offer = offer
        folderField = offer.map { TextField(text: $0.current ?? $0.picturesFolder ?? "", maxCharacters: WelcomeScreen.maxPathCharacters) }
    }

    /// The desktop's chooser is open: automation waits for its answer (it is not an animation: nothing moves, and
    /// the frames stay at the clock's rate while a person takes their time in the chooser).
    public private(set) var choosing = false

    /// The desktop's folder chooser answered (nil: cancelled).
    public func folderChosen(_ path: String?) {
        choosing = false
        guard offer != nil, let path else { return }
        folderField = TextField(text: path, maxCharacters: WelcomeScreen.maxPathCharacters)
    }

    /// `Command.changeName`: over whatever shows, unless this run must not touch the user's data. It offers the
    /// photos again as at the first run (the folder chosen then filled in), so that choice can be changed later.
    public static func open(in gallery: GalleryModel) {
        guard gallery.user.library?.keepsChanges == true, !(gallery.screen is WelcomeScreen) else { return }
        let screen = WelcomeScreen(name: gallery.user.name ?? "")
        screen.offer(gallery.services.photoOffer)
        gallery.push(screen)
    }

    public var scopes: [Scope] { [.welcome] }
    public var field: TextField? { focus == .folder ? folderField : nameField }
    /// The caret blinks.
    public var picture: AnyHashable? { nil }

    public func editField(_ change: (inout TextField) -> Void, in gallery: GalleryModel) {
        if focus == .folder, var folder = folderField {
            change(&folder)
            folderField = folder
        } else {
            change(&nameField)
        }
    }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        switch command {
        case .submit: start(in: gallery)
        case .focusNext, .focusPrevious: focus = focus == .name && folderField != nil ? .folder : .name
        default: return nil
        }
        return GalleryModel.Effect.none
    }

    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        guard case let .click(x, y) = input else { return false }
        let layout = layout(window: gallery.viewport.size)
        if layout.button.contains(x: x, y: y) { start(in: gallery) }
        else if layout.field.contains(x: x, y: y) { focus = .name }
        else if let folder = layout.folder, folder.contains(x: x, y: y) { focus = .folder }
        else if let choose = layout.choose, choose.contains(x: x, y: y), !choosing {
            choosing = true
            gallery.ask(.chooseFolder)
        }
        return true
    }

    /// Enter or Start: a blank name, or a folder that is not one, shows the alert and stays; else the name (and the
    /// folder) are stored, and the folder shows.
    private func start(in gallery: GalleryModel) {
        switch submit() {
        case .alert(let message):
            gallery.alert(message)
        case .start(let name):
            var folders: [String] = []
            if let typed = folderField?.trimmed, !typed.isEmpty {
                guard let folder = gallery.services.resolveFolder(typed) else {
                    focus = .folder
                    // Translators: {path} is what was typed; {photos} what shows without a folder ("the demo photos").
                    gallery.alert(tr("“{path}” is not a folder Tessera can read. Choose another, or leave it empty to see {photos}.",
                                     ["path": typed, "photos": offer?.otherwise ?? tr("the photos shown now")]))
                    return
                }
                folders = [folder]
            }
            do {
                try gallery.user.saveName(name)
                if !folders.isEmpty { try gallery.user.saveFolders(folders) }
                // The folder shown already, kept: the wall is not started over.
                let changed = offer?.current.flatMap(gallery.services.resolveFolder).map { [$0] } != folders
                gallery.pop(self)
                if !folders.isEmpty, changed { gallery.ask(.showFolders(folders)) }
                // A photo frame's first run: the name asked, the slideshow it was started for.
                if gallery.config.opensSlideshow, gallery.screen === gallery.browse { SlideshowScreen.open(in: gallery) }
            } catch {
                gallery.alert(tr("Your name could not be saved: {error}", ["error": "\(error)"]))
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
        return name.isEmpty ? .alert(tr("Please enter your name")) : .start(name)
    }

    /// Where the parts go in a window of `size`: a centred column with the title and what Tessera is, the name
    /// field, the folder field with its Choose button (when photos are offered), and the Start button.
    public struct Layout: Equatable {
        public var title: (x: Int, y: Int)
        public var field: Rect
        public var folder: Rect?
        public var choose: Rect?
        public var button: Rect

        public static func == (a: Layout, b: Layout) -> Bool {
            a.title == b.title && a.field == b.field && a.folder == b.folder && a.choose == b.choose && a.button == b.button
        }
    }

    public func layout(window: PixelSize) -> Layout {
        WelcomeScreen.layout(window: window, offersFolder: folderField != nil, canChoose: offer?.canChoose ?? false)
    }

    public static func layout(window: PixelSize, offersFolder: Bool = false, canChoose: Bool = false) -> Layout {
        let width = min(560, max(200, window.width - 40))
        let x = (window.width - width) / 2
        let height = offersFolder ? 330 : 210
        let top = max(56, (window.height - height) / 2)
        let field = Rect(x: x, y: top + 100, width: width, height: 44)
        var folder: Rect?, choose: Rect?
        var below = field.maxY
        if offersFolder {
            let chooseWidth = canChoose ? 110 : 0
            let row = Rect(x: x, y: field.maxY + 40, width: width - (canChoose ? chooseWidth + 8 : 0), height: 44)
            folder = row
            if canChoose { choose = Rect(x: row.maxX + 8, y: row.y, width: chooseWidth, height: 44) }
            below = row.maxY + 28
        }
        let button = Rect(x: x + width - 140, y: below + 20, width: 140, height: 40)
        return Layout(title: (x, top), field: field, folder: folder, choose: choose, button: button)
    }
}


extension WelcomeScreen {
    /// The gallery's welcome screen while it shows.
    public static func shown(in gallery: GalleryModel) -> WelcomeScreen? { gallery.screen as? WelcomeScreen }

    /// The desktop's folder chooser answered.
    public func receive(_ reply: ServiceReply, in gallery: GalleryModel) -> String? {
        guard case .chosenFolder(let path) = reply else { return nil }
        folderChosen(path)
        return ""
    }
}

extension WelcomeScreen {
    /// Only with the user's library (a run without one stores no name).
    public static let button = ToolbarItem(id: "name", command: .changeName, rank: 5) {
        $0.user.library?.keepsChanges == true ? ToolbarItem.Look(glyph: "👤", label: tr("Change your name")) : nil
    }
}
