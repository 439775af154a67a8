import Foundation

/// One line of the frame's log as a remote reads it (`GET /api/v1/log`, the page's log panel): when, how grave,
/// and the words (secrets already taken out).
public struct LogLine: Codable, Equatable, Sendable {
    /// Seconds since 1970 (UTC).
    public var time: Double
    /// info or warning.
    public var level: String
    public var text: String
    public init(time: Double, level: String, text: String) { self.time = time; self.level = level; self.text = text }
}

extension RemoteReplies {
    /// `GET /api/v1/log`: `{"lines": [{"time", "level", "text"}]}`, oldest first.
    public static func log(_ lines: [LogLine]) -> Data { encode(["lines": lines]) }
}
