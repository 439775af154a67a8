import Foundation
import GalleryCore
import SDLKit

/// Turns SDL input into model actions: keys to the model (which looks them up in its scoped key map), wheel into
/// smooth scrolling, a press that moves into a drag (with a fling on release), a press that does not into a
/// click. Touch works like the mouse.
final class InputRouter {
    /// A press becomes a drag once it moves this far (logical pixels).
    private let dragThreshold = 5.0
    private var press: (x: Double, y: Double, dragging: Bool)?
    private var finger: Int64?

    /// What the app must do beyond the model.
    enum Outcome {
        case none, quit, toggleFullscreen, resized(PixelSize), copy(String), open(String)
        /// The renderer lost its textures (`device`: all of them), or a display changed: rebuild before drawing.
        case renderReset, displayChanged
        /// A kiosk's pointer moved on purpose: show it for a while.
        case pointerShown
    }

    func handle(_ event: InputEvent, model: GalleryModel, now: Double) -> Outcome {
        if model.kiosk != nil, let outcome = kioskDuties(event, model: model, now: now) { return outcome }
        switch event {
        case .renderReset:
            return .renderReset
        case .displayChanged:
            return .displayChanged
        case .quit:
            return .quit
        case let .keyDown(code, shift, control, alt, _):
            guard let key = InputRouter.key(for: code, shift: shift) else { return .none }
            var mods: Modifiers = []
            if shift { mods.insert(.shift) }
            if control { mods.insert(.control) }
            if alt { mods.insert(.alt) }
            return outcome(of: model.handle(key: key, modifiers: mods))
        case .text(let typed):
            model.handle(text: typed)
        case .editing(let composing):
            model.handle(composition: composing)
        case let .wheel(_, dy):
            model.wheel(notches: dy)
        case let .buttonDown(button, x, y, _) where button == 1:
            pressBegan(x: Double(x), y: Double(y))
        case let .buttonDown(button, x, y, _) where button == 2:
            model.middleClick(atWindowX: x, y: y)
        case let .motion(x, y, _, _, leftHeld):
            if leftHeld, press != nil {
                pressMoved(x: Double(x), y: Double(y), model: model, now: now)
            } else {
                model.hover(atWindowX: x, y: y)
            }
        case let .buttonUp(button, x, y) where button == 1:
            pressEnded(x: Double(x), y: Double(y), model: model, now: now)
        case let .fingerDown(id, x, y) where finger == nil:
            finger = id
            pressBegan(x: x * Double(model.viewport.size.width), y: y * Double(model.viewport.size.height))
        case let .fingerMotion(id, x, y, _, _) where id == finger:
            pressMoved(x: x * Double(model.viewport.size.width), y: y * Double(model.viewport.size.height), model: model, now: now)
        case let .fingerUp(id, x, y) where id == finger:
            finger = nil
            pressEnded(x: x * Double(model.viewport.size.width), y: y * Double(model.viewport.size.height), model: model, now: now)
        case let .resized(width, height):
            return .resized(PixelSize(width: width, height: height))
        default:
            break
        }
        return .none
    }

    /// In a kiosk, deliberate input pauses the scrolling, motion SDL makes up does not, and a window close (the
    /// window manager's, or a stray Alt+F4) does nothing. Returns an outcome when the event is fully handled here.
    private func kioskDuties(_ event: InputEvent, model: GalleryModel, now: Double) -> Outcome? {
        switch event {
        case .quit:
            return Outcome.none
        case .keyDown, .wheel, .buttonDown, .fingerDown, .fingerMotion:
            model.noteInput(at: now)
        case let .motion(x, y, _, _, _):
            if model.pointerMoved(toX: x, y: y, at: now) {
                _ = handle(nonKiosk: event, model: model, now: now)
                return .pointerShown
            }
            return Outcome.none
        case .entered, .shown, .exposed, .resized, .displayChanged:
            model.windowChanged()
        default:
            break
        }
        return nil
    }

    private func handle(nonKiosk event: InputEvent, model: GalleryModel, now: Double) -> Outcome {
        if case let .motion(x, y, _, _, leftHeld) = event {
            if leftHeld, press != nil { pressMoved(x: Double(x), y: Double(y), model: model, now: now) }
            else { model.hover(atWindowX: x, y: y) }
        }
        return .none
    }

    private func pressBegan(x: Double, y: Double) {
        press = (x, y, false)
    }

    private func pressMoved(x: Double, y: Double, model: GalleryModel, now: Double) {
        guard var p = press else { return }
        if !p.dragging {
            guard hypot(x - p.x, y - p.y) >= dragThreshold else { return }
            p.dragging = true
            model.beginDrag(at: now)
        }
        model.drag(by: y - p.y, at: now)
        p.x = x; p.y = y
        press = p
    }

    private func pressEnded(x: Double, y: Double, model: GalleryModel, now: Double) {
        guard let p = press else { return }
        press = nil
        if p.dragging {
            model.endDrag(at: now)
        } else {
            model.click(atWindowX: Int(x), y: Int(y))
        }
    }

    private func outcome(of effect: GalleryModel.Effect) -> Outcome {
        switch effect {
        case .none: return .none
        case .quit: return .quit
        case .toggleFullscreen: return .toggleFullscreen
        case .copy(let text): return .copy(text)
        case .open(let url): return .open(url)
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
        case 63: return .character("?")
        case 91: return .character("[")
        case 93: return .character("]")
        default: return nil
        }
    }
}
