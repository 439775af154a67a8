import CSDL2

/// SDL's input, reduced to what the gallery reads. Coordinates are logical window pixels.
public enum InputEvent: Equatable {
    case quit
    case keyDown(keycode: Int32, shift: Bool, control: Bool, alt: Bool, isRepeat: Bool)
    case wheel(dx: Double, dy: Double)
    case buttonDown(button: Int, x: Int, y: Int, clicks: Int)
    case buttonUp(button: Int, x: Int, y: Int)
    case motion(x: Int, y: Int, dx: Int, dy: Int, leftHeld: Bool)
    /// Touch positions are normalised to 0…1 of the window.
    case fingerDown(id: Int64, x: Double, y: Double)
    case fingerMotion(id: Int64, x: Double, y: Double, dx: Double, dy: Double)
    case fingerUp(id: Int64, x: Double, y: Double)
    case resized(width: Int, height: Int)
    case exposed
    case hidden
    case shown
    /// The pointer entered the window or it gained the focus: SDL reports a pointer position then that is no move.
    case entered
    /// The renderer lost its textures (`SDL_RENDER_TARGETS_RESET`, or `SDL_RENDER_DEVICE_RESET` when `device`):
    /// every texture must be made again before the next frame is whole.
    case renderReset(device: Bool)
    /// A display was connected, disconnected or turned (`SDL_DISPLAYEVENT`), or the window moved to another one.
    case displayChanged
    /// Text typed or committed by an input method (`SDL_TEXTINPUT`), UTF-8; only while text input is on.
    case text(String)
    /// An input method's composition in progress (`SDL_TEXTEDITING`).
    case editing(String)
    /// A wake-up posted by `EventPump.wake` from another thread.
    case wake
    /// Files or folders dropped on the window, all of one drop (`SDL_DROPBEGIN`, a `SDL_DROPFILE` each,
    /// `SDL_DROPCOMPLETE`): each path's bytes as the system gave them (a name need not be UTF-8).
    case dropped([[UInt8]])
}

/// Reads SDL's event queue (`SDL_WaitEventTimeout`, `SDL_PollEvent`) and lets any thread wake it (`SDL_PushEvent`).
public final class EventPump {
    private let wakeType: UInt32
    /// The paths of a drop under way, said at its end (`SDL_DROPCOMPLETE`); a drop is at most `maxDropped` paths.
    private var dropping: [[UInt8]] = []
    public static let maxDropped = 10_000

    public init() throws {
        let t = SDL_RegisterEvents(1)
        guard t != UInt32.max else { throw SDLError("SDL_RegisterEvents") }
        wakeType = t
    }

    /// Waits up to `timeoutMs` for the first event, then takes what is already queued, `limit` events at most: a
    /// flood (a stuck key, a touch screen gone mad) is read a bounded slice per frame and the frame still comes.
    public func wait(timeoutMs: Int, limit: Int = 256) -> [InputEvent] {
        var raw = SDL_Event()
        var events: [InputEvent] = []
        var read = 0
        if timeoutMs > 0 {
            guard SDL_WaitEventTimeout(&raw, Int32(timeoutMs)) == 1 else { return [] }
            read += 1
            if let e = translate(raw) { events.append(e) }
        }
        while read < limit, SDL_PollEvent(&raw) == 1 {
            read += 1
            if let e = translate(raw) { events.append(e) }
        }
        return events
    }

    /// Turns the platform's text input (and its input method) on while a text field has the focus, off otherwise
    /// (`SDL_StartTextInput` / `SDL_StopTextInput`); letters then also arrive as `.text`.
    public func setTextInput(_ on: Bool) {
        guard (SDL_IsTextInputActive() == SDL_TRUE) != on else { return }
        if on { SDL_StartTextInput() } else { SDL_StopTextInput() }
    }

    /// Puts a renderer reset in the queue, as a driver would after a display was switched off and on (tests and
    /// automation force the recovery path with it).
    public func postRenderReset(device: Bool) {
        var event = SDL_Event()
        event.type = device ? SDL_RENDER_DEVICE_RESET.rawValue : SDL_RENDER_TARGETS_RESET.rawValue
        SDL_PushEvent(&event)
    }

    public enum TouchPhase { case down, move, up }

    /// Puts a finger event in the queue, as a touch screen would (automation's taps, drags and pinches; x and y are
    /// 0…1 of the window).
    public func postTouch(_ phase: TouchPhase, finger: Int64, x: Double, y: Double, windowID: UInt32) {
        var event = SDL_Event()
        switch phase {
        case .down: event.type = SDL_FINGERDOWN.rawValue
        case .move: event.type = SDL_FINGERMOTION.rawValue
        case .up: event.type = SDL_FINGERUP.rawValue
        }
        event.tfinger.touchId = 1
        event.tfinger.fingerId = finger
        event.tfinger.x = Float(x)
        event.tfinger.y = Float(y)
        event.tfinger.pressure = phase == .up ? 0 : 1
        event.tfinger.windowID = windowID
        SDL_PushEvent(&event)
    }

    /// Puts a drop of `paths` on the window in the queue, as a file manager's drag would (automation's `drop:`
    /// step): `SDL_DROPBEGIN`, one `SDL_DROPFILE` each (its path copied with `SDL_strdup`, freed by the reader with
    /// `SDL_free`, as SDL's own), `SDL_DROPCOMPLETE`.
    public func postDrop(_ paths: [String], windowID: UInt32) {
        var begin = SDL_Event()
        begin.type = SDL_DROPBEGIN.rawValue
        begin.drop.windowID = windowID
        SDL_PushEvent(&begin)
        for path in paths {
            var file = SDL_Event()
            file.type = SDL_DROPFILE.rawValue
            file.drop.windowID = windowID
            file.drop.file = SDL_strdup(path)
            SDL_PushEvent(&file)
        }
        var end = begin
        end.type = SDL_DROPCOMPLETE.rawValue
        SDL_PushEvent(&end)
    }

    /// Thread-safe: wakes the waiting loop. Several wakes before the loop runs may arrive as several `.wake`s.
    public func wake() {
        var event = SDL_Event()
        event.type = wakeType
        SDL_PushEvent(&event)
    }

    private func translate(_ e: SDL_Event) -> InputEvent? {
        switch e.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_KEYDOWN.rawValue:
            let mod = UInt32(e.key.keysym.mod)
            return .keyDown(keycode: e.key.keysym.sym,
                            shift: mod & UInt32(KMOD_SHIFT.rawValue) != 0,
                            control: mod & UInt32(KMOD_CTRL.rawValue) != 0,
                            alt: mod & UInt32(KMOD_ALT.rawValue) != 0,
                            isRepeat: e.key.repeat != 0)
        case SDL_TEXTINPUT.rawValue:
            var event = e
            return .text(withUnsafeBytes(of: &event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        case SDL_TEXTEDITING.rawValue:
            var event = e
            return .editing(withUnsafeBytes(of: &event.edit.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        case SDL_MOUSEWHEEL.rawValue:
            // Touch-generated mouse events (which == SDL_TOUCH_MOUSEID, (Uint32)-1) would double-count finger events.
            if e.wheel.which == UInt32.max { return nil }
            var dy = Double(e.wheel.preciseY)
            var dx = Double(e.wheel.preciseX)
            if e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dy = -dy; dx = -dx }
            return .wheel(dx: dx, dy: dy)
        case SDL_MOUSEBUTTONDOWN.rawValue:
            if e.button.which == UInt32.max { return nil }
            return .buttonDown(button: Int(e.button.button), x: Int(e.button.x), y: Int(e.button.y),
                               clicks: Int(e.button.clicks))
        case SDL_MOUSEBUTTONUP.rawValue:
            if e.button.which == UInt32.max { return nil }
            return .buttonUp(button: Int(e.button.button), x: Int(e.button.x), y: Int(e.button.y))
        case SDL_MOUSEMOTION.rawValue:
            if e.motion.which == UInt32.max { return nil }
            return .motion(x: Int(e.motion.x), y: Int(e.motion.y), dx: Int(e.motion.xrel), dy: Int(e.motion.yrel),
                           leftHeld: e.motion.state & 1 != 0)
        case SDL_FINGERDOWN.rawValue:
            return .fingerDown(id: e.tfinger.fingerId, x: Double(e.tfinger.x), y: Double(e.tfinger.y))
        case SDL_FINGERMOTION.rawValue:
            return .fingerMotion(id: e.tfinger.fingerId, x: Double(e.tfinger.x), y: Double(e.tfinger.y),
                                 dx: Double(e.tfinger.dx), dy: Double(e.tfinger.dy))
        case SDL_FINGERUP.rawValue:
            return .fingerUp(id: e.tfinger.fingerId, x: Double(e.tfinger.x), y: Double(e.tfinger.y))
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(e.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
                return .resized(width: Int(e.window.data1), height: Int(e.window.data2))
            case SDL_WINDOWEVENT_EXPOSED.rawValue: return .exposed
            case SDL_WINDOWEVENT_HIDDEN.rawValue, SDL_WINDOWEVENT_MINIMIZED.rawValue: return .hidden
            case SDL_WINDOWEVENT_SHOWN.rawValue, SDL_WINDOWEVENT_RESTORED.rawValue: return .shown
            case SDL_WINDOWEVENT_ENTER.rawValue, SDL_WINDOWEVENT_FOCUS_GAINED.rawValue: return .entered
            case SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue: return .displayChanged
            default: return nil
            }
        case SDL_RENDER_TARGETS_RESET.rawValue:
            return .renderReset(device: false)
        case SDL_RENDER_DEVICE_RESET.rawValue:
            return .renderReset(device: true)
        case SDL_DISPLAYEVENT.rawValue:
            return .displayChanged
        case wakeType:
            return .wake
        case SDL_DROPBEGIN.rawValue:
            dropping = []
            return nil
        case SDL_DROPFILE.rawValue:
            // SDL hands over the path's copy: it is ours to free, read or not.
            guard let file = e.drop.file else { return nil }
            defer { SDL_free(file) }
            if dropping.count < EventPump.maxDropped {
                dropping.append(Array(UnsafeRawBufferPointer(start: file, count: Int(SDL_strlen(file)))))
            }
            return nil
        case SDL_DROPCOMPLETE.rawValue:
            defer { dropping = [] }
            return dropping.isEmpty ? nil : .dropped(dropping)
        default:
            return nil
        }
    }
}

/// Key codes the gallery binds (SDL_Keycode values), so code outside SDLKit needs no SDL import.
public enum KeyCode {
    public static let up = Int32(SDLK_UP.rawValue)
    public static let down = Int32(SDLK_DOWN.rawValue)
    public static let left = Int32(SDLK_LEFT.rawValue)
    public static let right = Int32(SDLK_RIGHT.rawValue)
    public static let pageUp = Int32(SDLK_PAGEUP.rawValue)
    public static let pageDown = Int32(SDLK_PAGEDOWN.rawValue)
    public static let home = Int32(SDLK_HOME.rawValue)
    public static let end = Int32(SDLK_END.rawValue)
    public static let space = Int32(SDLK_SPACE.rawValue)
    public static let enter = Int32(SDLK_RETURN.rawValue)
    public static let keypadEnter = Int32(SDLK_KP_ENTER.rawValue)
    public static let keypadPlus = Int32(SDLK_KP_PLUS.rawValue)
    public static let keypadMinus = Int32(SDLK_KP_MINUS.rawValue)
    public static let escape = Int32(SDLK_ESCAPE.rawValue)
    public static let backspace = Int32(SDLK_BACKSPACE.rawValue)
    public static let tab = Int32(SDLK_TAB.rawValue)
    public static let f11 = Int32(SDLK_F11.rawValue)
    public static let delete = Int32(SDLK_DELETE.rawValue)
}
