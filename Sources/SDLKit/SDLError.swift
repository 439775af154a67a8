import CSDL2

/// A failed SDL, SDL_image or SDL_ttf call, with the library's own message (`SDL_GetError`).
public struct SDLError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let message: String

    public init(_ call: String, message: String? = nil) {
        self.call = call
        self.message = message ?? String(cString: SDL_GetError())
    }

    public var description: String { "\(call) failed: \(message)" }
}
