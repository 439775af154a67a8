import CSDL2

/// The modifier keys held now, for input SDL reports without them (a wheel's turn).
public enum KeyboardState {
    /// Whether a Ctrl key is held (`SDL_GetModState`).
    public static var controlHeld: Bool { SDL_GetModState().rawValue & KMOD_CTRL.rawValue != 0 }
}
