import GalleryCore
import SDLKit

extension InputRouter {
    /// An event on a mirrored screen (right to left, `Mirror`) in the layout's coordinates: the mouse in interface
    /// pixels, fingers as shares of the window, their motions turned round. Keys are not touched: a keyboard is
    /// not mirrored, → stays next and ← previous. A swipe follows the screen: the finger's way is mirrored with it.
    static func mirrored(_ event: InputEvent, _ mirror: Mirror) -> InputEvent {
        switch event {
        case let .buttonDown(button, x, y, clicks): return .buttonDown(button: button, x: mirror.point(x), y: y, clicks: clicks)
        case let .buttonUp(button, x, y): return .buttonUp(button: button, x: mirror.point(x), y: y)
        case let .motion(x, y, dx, dy, held): return .motion(x: mirror.point(x), y: y, dx: -dx, dy: dy, leftHeld: held)
        case let .fingerDown(id, x, y): return .fingerDown(id: id, x: mirror.share(x), y: y)
        case let .fingerMotion(id, x, y, dx, dy): return .fingerMotion(id: id, x: mirror.share(x), y: y, dx: -dx, dy: dy)
        case let .fingerUp(id, x, y): return .fingerUp(id: id, x: mirror.share(x), y: y)
        // The wheel's sideways turn scrolls the layout the way the screen moves.
        case let .wheel(dx, dy): return .wheel(dx: -dx, dy: dy)
        default: return event
        }
    }
}
