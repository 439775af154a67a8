/// Where the person's input goes, one event at a time, so the navigator keeps only its stacks and what a command
/// means. Keys and typed text go to the innermost room (the top overlay, else the top screen): a focused field takes
/// editing keys and text before any key binding; the rest becomes a command through the scoped key map. Pointer input
/// goes to the innermost room too, but a drag stays with the room it began in, and the toast and the header's
/// buttons lie over the rooms. It remembers only what one event leaves for the next: the room being dragged, the
/// character that opened a field (its text event follows), the hover point and what a click asked of the app.
public final class InputDispatch {
    private unowned let gallery: GalleryModel
    private var dragging: Room?
    private var swallowText: String?
    /// What a click asked of the app (a link in the pane opened, a header button's copy): taken once by the app.
    private var requested = AppEffect.none
    /// Where the pointer is, for hover states of buttons.
    public private(set) var pointer: (x: Int, y: Int)?

    init(gallery: GalleryModel) { self.gallery = gallery }

    private var innermost: Room { gallery.innermost }

    /// Whether typed text has somewhere to go (the app turns the platform's text input on only then).
    public var hasFocusedField: Bool { innermost.field != nil }

    /// A key press. A focused field takes editing keys and swallows characters (they arrive as text); otherwise
    /// the innermost scope that binds the key acts. A press the keyboard repeats (`isRepeat`: the key held down)
    /// never runs a file action: holding Delete would trash photo after photo (and only the last could be undone),
    /// holding Ctrl+R would rewrite the file again and again.
    public func handle(key: Key, modifiers: Modifiers = [], isRepeat: Bool = false) -> AppEffect {
        swallowText = nil
        if hasFocusedField {
            if key == .backspace { innermost.editField({ $0.backspace() }, in: gallery); return .none }
            // Ctrl+A selects the field's text, as in every text field; it is never a binding's key there.
            let letterA = key == .character("a") || key == .character("A")
            if letterA, modifiers.contains(.control), !modifiers.contains(.alt) {
                innermost.editField({ $0.selectAll() }, in: gallery)
                return .none
            }
            if case .character = key, modifiers.isDisjoint(with: [.control, .alt]) { return .none }
            if key == .space { return .none }
        }
        let scopes = gallery.activeScopes
        guard let command = gallery.keyMap.command(for: key, modifiers: modifiers, in: scopes) else { return .none }
        if isRepeat, FileAction(command) != nil { return .none }
        let effect = gallery.apply(command)
        // The key that opened a field must not be typed into it: its text event follows the key press.
        if hasFocusedField, case .character(let c) = key { swallowText = String(c) }
        return effect
    }

    /// Text typed (or committed by an input method) goes to the focused field, never to key bindings.
    public func handle(text: String) {
        defer { swallowText = nil }
        guard hasFocusedField else { return }
        if let swallow = swallowText, text == swallow { return }
        innermost.editField({ $0.insert(text) }, in: gallery)
    }

    /// An input method's composition in progress, shown in the focused field.
    public func handle(composition: String) { innermost.editField({ $0.compose(composition) }, in: gallery) }

    /// Asks the app for something a room cannot do itself (open a link); pointer input has no other way back.
    public func request(_ effect: AppEffect) { if effect != .none { requested = effect } }

    /// What a click asked of the app since the last call.
    public func takeRequested() -> AppEffect {
        defer { requested = .none }
        return requested
    }

    /// A click (or tap) that was not a drag: the toast's, a header button's command, else the innermost room's.
    public func click(atWindowX x: Int, y: Int) {
        let toasts = gallery.toasts
        // The toast lies over the rooms, but under an alert, which takes every click.
        if !innermost.scopes.contains(.alert), toasts.contains(x: x, y: y) || toasts.buttonContains(x: x, y: y) {
            if toasts.buttonContains(x: x, y: y) { gallery.toasts.runAction() }
            return
        }
        if let button = gallery.toolbar.button(atX: x, y: y) { return click(button: button) }
        if let effect = EmptyState.click(atX: x, y: y, in: gallery) { return request(effect) }
        _ = innermost.pointer(.click(x: x, y: y), in: gallery)
    }

    /// A header button (or a row of its "⋯" menu) pressed. It acts on the screen: what covers it closes first (help,
    /// the menu and Back act on the overlays themselves).
    public func click(button: Toolbar.Button) {
        guard button.enabled else { return }
        let onOverlays: [Command] = [.toggleHelp, .action(Toolbar.back), .historyForward, .show(RoomRegistry.menu)]
        if !onOverlays.contains(button.command) {
            for overlay in gallery.overlays.reversed() { gallery.close(overlay) }
        }
        request(gallery.apply(button.command))
    }

    /// Pointer input from the mouse or touch (`GestureRecognizer`): a drag goes on going to the room it began in,
    /// whatever opens meanwhile; the rest goes to the innermost room. A swipe from the window's edge towards its
    /// middle that no room takes goes back, as Esc does.
    public func pointer(_ input: PointerInput) {
        switch input {
        case .beginDrag:
            let room = innermost
            dragging = room.pointer(input, in: gallery) ? room : nil
        case .drag: _ = dragging?.pointer(input, in: gallery)
        case .endDrag:
            _ = dragging?.pointer(input, in: gallery)
            dragging = nil
        case let .hover(x, y):
            pointer = (x, y)
            _ = innermost.pointer(input, in: gallery)
        case let .swipe(dx, _, fromEdge):
            if !innermost.pointer(input, in: gallery), fromEdge, abs(dx) > 0 { gallery.goBack() }
        case let .click(x, y): click(atWindowX: x, y: y)
        case let .doubleClick(x, y):
            // A quick second press is a click wherever a double one means nothing (a button pressed twice); on the
            // toast it is the toast's.
            if gallery.toasts.contains(x: x, y: y) { return click(atWindowX: x, y: y) }
            if gallery.toolbar.button(atX: x, y: y) != nil || !innermost.pointer(input, in: gallery) {
                click(atWindowX: x, y: y)
            }
        default: _ = innermost.pointer(input, in: gallery)
        }
    }
}
