import CPlatform
import CSDL2

/// SDL's global state: `SDL_Init`, `IMG_Init`, `TTF_Init` once, and their `*_Quit` when the value goes away.
/// The image and font libraries need no video: a fixture server or a decode test uses `SDLSystem(video: false)`.
public final class SDLSystem {
    public let hasVideo: Bool

    public init(video: Bool) throws {
        // Without a display server there is nothing to pick; the caller may set SDL_VIDEODRIVER (offscreen, x11).
        // Without video nobody reads SDL's event queue, so SDL must not turn SIGTERM and SIGINT into quit events
        // there: the process would no longer stop when told to.
        if !video { SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1") }
        let flags = video ? UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS) : UInt32(0)
        guard SDL_Init(flags) == 0 else { throw SDLError("SDL_Init") }
        let imageFlags = Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue)
        guard IMG_Init(imageFlags) & imageFlags == imageFlags else {
            SDL_Quit()
            throw SDLError("IMG_Init")
        }
        guard TTF_Init() == 0 else {
            IMG_Quit(); SDL_Quit()
            throw SDLError("TTF_Init")
        }
        hasVideo = video
    }

    deinit {
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
    }

    /// `SDL_SetHint`: must be called before the object the hint concerns is created.
    /// `override`: over the environment variable of the same name too (SDL's hints otherwise yield to it).
    public static func setHint(_ name: String, _ value: String, override: Bool = false) {
        SDL_SetHintWithPriority(name, value, override ? SDL_HINT_OVERRIDE : SDL_HINT_NORMAL)
    }

    private static var pixelAllocatorInstalled = false

    /// Gives SDL the pixel-buffer allocator (`SDL_SetMemoryFunctions` with CPlatform's `tessera_pixels_*`), once,
    /// and only while SDL holds no memory from another: a block must go back to the allocator it came from.
    /// Main thread, before SDL starts. Returns whether SDL uses it.
    @discardableResult
    public static func usePixelAllocator() -> Bool {
        if pixelAllocatorInstalled { return true }
        guard SDL_GetNumAllocations() == 0 else { return false }
        pixelAllocatorInstalled = SDL_SetMemoryFunctions({ tessera_pixels_malloc($0) }, { tessera_pixels_calloc($0, $1) },
                                                         { tessera_pixels_realloc($0, $1) }, { tessera_pixels_free($0) }) == 0
        return pixelAllocatorInstalled
    }
}

/// The system clipboard (`SDL_SetClipboardText`); needs the video subsystem.
public enum Clipboard {
    @discardableResult
    public static func set(_ text: String) -> Bool { SDL_SetClipboardText(text) == 0 }

    /// The clipboard's text (`SDL_GetClipboardText`), or nil.
    public static func text() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(raw) }
        return String(cString: raw)
    }
}

/// The mouse pointer over the window (`SDL_ShowCursor`).
public enum Cursor {
    public static func setVisible(_ visible: Bool) {
        SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE)
    }

    /// `SDL_ShowCursor(SDL_QUERY)`.
    public static var isVisible: Bool { SDL_ShowCursor(SDL_QUERY) == SDL_ENABLE }
}

/// The desktop's screen saver and display power saving (`SDL_DisableScreenSaver` / `SDL_EnableScreenSaver`): a
/// kiosk keeps the panel on while it shows photos and lets it sleep outside its hours.
public enum ScreenSaver {
    public static func setAllowed(_ allowed: Bool) {
        if allowed { SDL_EnableScreenSaver() } else { SDL_DisableScreenSaver() }
    }
}
