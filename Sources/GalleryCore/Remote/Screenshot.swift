import Foundation

/// The whole screen as the panel showed it at a presented frame (`GET /api/v1/screenshot`, Home Assistant's screen
/// entity): encoded pixels and their size.
public struct Screenshot: Equatable, Sendable {
    public let format: ScreenshotRequest.Format
    public let data: Data
    public let width: Int
    public let height: Int
    public init(format: ScreenshotRequest.Format, data: Data, width: Int, height: Int) {
        self.format = format; self.data = data; self.width = width; self.height = height
    }
}

/// Why no screenshot was taken: the display is off, one was taken a moment ago (`retryAfter` seconds), or the
/// frame could not read its pixels.
public struct ScreenshotRefusal: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case notNow, tooSoon, failed }
    public var kind: Kind
    public var message: String
    /// Seconds to wait before asking again (`tooSoon`).
    public var retryAfter: Int?
    public init(_ message: String, kind: Kind, retryAfter: Int? = nil) {
        self.message = message; self.kind = kind; self.retryAfter = retryAfter
    }
}
