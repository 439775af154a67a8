import Foundation
import GalleryCore
import SDLKit

/// Turns SDL input into model actions: keys to the model (which looks them up in its scoped key map), the wheel to
/// the innermost room, presses of the left button and of fingers through the gesture recognizer (clicks, drags
/// with a fling, swipes, long presses, pinches), the right button as a long press.
final class InputRouter {
    private var gestures = GestureRecognizer()
    /// The left button's id among the fingers.
    private static let mouse: Int64 = -1

    /// The kiosk's runner, which shows the pointer while it moves on purpose (nil: not a kiosk).
    var kiosk: KioskRunner?

    /// Window coordinates per interface pixel (the interface scale, `InterfaceScale`): SDL reports the mouse in window
    /// coordinates, and a resize lays the window out again at this scale.
    var windowScale = 1.0
    /// A turned panel (`--rotate`) and its size in window coordinates: the pointer and fingers are turned back into
    /// the upright picture's coordinates.
    var rotation: PanelRotation?
    var panelSize = (width: 1, height: 1)
    /// A screen read right to left: the pointer and fingers are mirrored back into the layout (`mirrored`).
    var mirror: Mirror?
    /// A kiosk outside its hours: input is noted (it may wake the display) and goes no further.
    var asleep = false

    /// One event to the model; what the model asks of the app (`EffectPath` carries it out). Window events (a
    /// resize, a lost texture) are the window's (`WindowKeeper`).
    func handle(_ event: InputEvent, model: GalleryModel, now: Double) -> GalleryModel.Effect {
        var event = event
        if let rotation, rotation.degrees != 0 { event = InputRouter.turned(event, rotation, panel: panelSize) }
        event = windowScale == 1 ? event : InputRouter.scaled(event, by: 1 / windowScale)
        if let mirror { event = InputRouter.mirrored(event, mirror) }
        // A press on the header while it has faded away only brings it back: nobody aims at a button not drawn.
        let chromeHidden = model.overlays.isEmpty && model.screen.chromeOpacity <= 0
        switch event {
        case let .buttonDown(_, _, y, _) where chromeHidden && y < model.config.headerHeight:
            model.screen.noteInput()
            return .none
        case let .fingerDown(_, _, y) where chromeHidden && y * Double(model.viewport.size.height) < Double(model.config.headerHeight):
            model.screen.noteInput()
            return .none
        default: break
        }
        // A person's hand brings faded chrome back (a kiosk's made-up pointer motion does not: `kioskDuties`).
        switch event {
        case .keyDown, .wheel, .buttonDown, .fingerDown, .fingerMotion: model.screen.noteInput()
        case .motion where model.kiosk == nil: model.screen.noteInput()
        default: break
        }
        if model.kiosk != nil, let effect = kioskDuties(event, model: model, now: now) { return effect }
        switch event {
        case .quit:
            return .quit
        case let .keyDown(code, shift, control, alt, isRepeat):
            guard let key = InputRouter.key(for: code, shift: shift) else { return .none }
            var mods: Modifiers = []
            if shift { mods.insert(.shift) }
            if control { mods.insert(.control) }
            if alt { mods.insert(.alt) }
            return model.input.handle(key: key, modifiers: mods, isRepeat: isRepeat)
        case .text(let typed):
            model.handle(text: typed)
        case .editing(let composing):
            model.input.handle(composition: composing)
        case .dropped(let paths):
            return model.apply(.openPaths(paths.map(PathBytes.string)))
        case let .wheel(_, dy) where KeyboardState.controlHeld:
            // Ctrl+wheel zooms, as a pinch around the window's centre would (a notch a step: the wall's column).
            let size = model.viewport.size
            model.pointer(.pinch(scale: pow(BrowseScreen.pinchStep, dy), x: size.width / 2, y: size.height / 2))
        case let .wheel(_, dy):
            model.pointer(.wheel(notches: dy))
        case let .buttonDown(button, x, y, _) where button == 1:
            feed(gestures.down(id: InputRouter.mouse, x: Double(x), y: Double(y), time: now), to: model)
        case let .buttonDown(button, x, y, _) where button == 2:
            model.pointer(.middleClick(x: x, y: y))
        case let .buttonDown(button, x, y, _) where button == 3:
            model.pointer(.longPress(x: x, y: y))
        case .motion:
            hover(event, model: model, now: now)
        case let .buttonUp(button, x, y) where button == 1:
            feed(gestures.up(id: InputRouter.mouse, x: Double(x), y: Double(y), time: now), to: model)
        case let .fingerDown(id, x, y):
            let p = windowPoint(x, y, model)
            feed(gestures.down(id: id, x: p.x, y: p.y, time: now), to: model)
        case let .fingerMotion(id, x, y, _, _):
            let p = windowPoint(x, y, model)
            feed(gestures.move(id: id, x: p.x, y: p.y, time: now), to: model)
        case let .fingerUp(id, x, y):
            let p = windowPoint(x, y, model)
            feed(gestures.up(id: id, x: p.x, y: p.y, time: now), to: model)
        default:
            break
        }
        // A click may have asked for something (a link in the pane opened).
        return model.input.takeRequested()
    }

    /// In a kiosk, deliberate input pauses the scrolling, motion SDL makes up does not, and a window close (the
    /// window manager's, or a stray Alt+F4) does nothing. Returns the effect when the event is fully handled here.
    private func kioskDuties(_ event: InputEvent, model: GalleryModel, now: Double) -> GalleryModel.Effect? {
        switch event {
        case .quit:
            return GalleryModel.Effect.none
        case let .keyDown(_, _, control, alt, _):
            model.kiosk?.noteInput(at: now)
            // Asleep, a key only wakes it; Ctrl+Alt+Q (the way out) still quits.
            if asleep, !(control && alt) { return GalleryModel.Effect.none }
        case .wheel, .buttonDown, .fingerDown, .fingerMotion:
            model.kiosk?.noteInput(at: now)
            if asleep { gestures = GestureRecognizer(); return GalleryModel.Effect.none }
        case .buttonUp, .fingerUp, .text, .editing:
            if asleep { gestures = GestureRecognizer(); return GalleryModel.Effect.none }
        case let .motion(x, y, _, _, _):
            if model.kiosk?.pointerMoved(toX: x, y: y, at: now) == true {
                model.screen.noteInput()
                hover(event, model: model, now: now)
                kiosk?.pointerShown(at: now)
            }
            return GalleryModel.Effect.none
        case .entered, .shown, .exposed, .resized, .displayChanged:
            model.kiosk?.pointer.windowChanged()
        default:
            break
        }
        return nil
    }

    /// The pointer moved: a held left button drags, else it hovers.
    private func hover(_ event: InputEvent, model: GalleryModel, now: Double) {
        guard case let .motion(x, y, _, _, leftHeld) = event else { return }
        if leftHeld, gestures.isActive {
            feed(gestures.move(id: InputRouter.mouse, x: Double(x), y: Double(y), time: now), to: model)
        } else {
            model.pointer(.hover(x: x, y: y))
        }
    }

    /// Each frame: a press held still long enough becomes a long press.
    func poll(model: GalleryModel, now: Double) {
        feed(gestures.poll(time: now), to: model)
    }

    private func feed(_ inputs: [PointerInput], to model: GalleryModel) {
        gestures.windowWidth = model.viewport.size.width
        for input in inputs { model.pointer(input) }
    }

    /// A finger's position (0…1 of the window) in window coordinates.
    private func windowPoint(_ x: Double, _ y: Double, _ model: GalleryModel) -> (x: Double, y: Double) {
        (x * Double(model.viewport.size.width), y * Double(model.viewport.size.height))
    }

    /// An event from a turned panel in the upright picture's coordinates: the mouse in window pixels, fingers as
    /// shares of the panel.
    static func turned(_ event: InputEvent, _ rotation: PanelRotation, panel: (width: Int, height: Int)) -> InputEvent {
        let w = Double(panel.width), h = Double(panel.height)
        func p(_ x: Int, _ y: Int) -> (Int, Int) {
            // Pixel centres, so the panel's last row maps onto the picture's first, not one past it.
            let t = rotation.pictureFromPanel(x: Double(x) + 0.5, y: Double(y) + 0.5, width: w, height: h)
            return (Int(t.x.rounded(.down)), Int(t.y.rounded(.down)))
        }
        func share(_ x: Double, _ y: Double) -> (Double, Double) {
            let t = rotation.pictureFromPanel(x: x, y: y, width: 1, height: 1)
            return (t.x, t.y)
        }
        func delta(_ dx: Int, _ dy: Int) -> (Int, Int) {
            let t = rotation.pictureFromPanel(x: Double(dx), y: Double(dy), width: 0, height: 0)
            return (Int(t.x), Int(t.y))
        }
        switch event {
        case let .buttonDown(button, x, y, clicks): let (a, b) = p(x, y); return .buttonDown(button: button, x: a, y: b, clicks: clicks)
        case let .buttonUp(button, x, y): let (a, b) = p(x, y); return .buttonUp(button: button, x: a, y: b)
        case let .motion(x, y, dx, dy, held):
            let (a, b) = p(x, y), (da, db) = delta(dx, dy)
            return .motion(x: a, y: b, dx: da, dy: db, leftHeld: held)
        case let .fingerDown(id, x, y): let (a, b) = share(x, y); return .fingerDown(id: id, x: a, y: b)
        case let .fingerMotion(id, x, y, dx, dy):
            let (a, b) = share(x, y)
            let d = rotation.pictureFromPanel(x: dx, y: dy, width: 0, height: 0)
            return .fingerMotion(id: id, x: a, y: b, dx: d.x, dy: d.y)
        case let .fingerUp(id, x, y): let (a, b) = share(x, y); return .fingerUp(id: id, x: a, y: b)
        default: return event
        }
    }

    /// The mouse's coordinates in interface pixels (fingers come as shares of the window already).
    static func scaled(_ event: InputEvent, by f: Double) -> InputEvent {
        func s(_ v: Int) -> Int { Int((Double(v) * f).rounded(.down)) }
        switch event {
        case let .buttonDown(button, x, y, clicks): return .buttonDown(button: button, x: s(x), y: s(y), clicks: clicks)
        case let .buttonUp(button, x, y): return .buttonUp(button: button, x: s(x), y: s(y))
        case let .motion(x, y, dx, dy, held): return .motion(x: s(x), y: s(y), dx: s(dx), dy: s(dy), leftHeld: held)
        default: return event
        }
    }

    /// SDL key codes to the core's keys. Letters are SDL's lower-case codes; shift makes them upper case.
    static func key(for code: Int32, shift: Bool) -> Key? {
        switch code {
        case KeyCode.up: return .up
        case KeyCode.down: return .down
        case KeyCode.left: return .left
        case KeyCode.right: return .right
        case KeyCode.pageUp: return .pageUp
        case KeyCode.pageDown: return .pageDown
        case KeyCode.home: return .home
        case KeyCode.end: return .end
        case KeyCode.space: return .space
        case KeyCode.enter, KeyCode.keypadEnter: return .enter
        case KeyCode.escape: return .escape
        case KeyCode.backspace: return .backspace
        case KeyCode.tab: return .tab
        case KeyCode.f11: return .f11
        case KeyCode.delete: return .delete
        case 97...122:
            let scalar = Unicode.Scalar(UInt8(code))
            let ch = Character(scalar)
            return .character(shift ? Character(ch.uppercased()) : ch)
        case 47: return .character(shift ? "?" : "/")
        case 48...57: return .character(Character(Unicode.Scalar(UInt8(code))))
        case 61: return .character(shift ? "+" : "=")
        case 43, KeyCode.keypadPlus: return .character("+")
        case 45, KeyCode.keypadMinus: return .character("-")
        case 63: return .character("?")
        case 91: return .character("[")
        case 93: return .character("]")
        default: return nil
        }
    }
}
