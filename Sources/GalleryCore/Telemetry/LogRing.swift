import Foundation

/// The frame's last log lines in memory, for a remote to read (`GET /api/v1/log`): at most `limits.lines` lines, each
/// cut to `limits.lineBytes` bytes of UTF-8, and `limits.totalBytes` in all; the oldest go first. Any thread: one
/// lock guards it, held for a copy or an append only.
public final class LogRing: @unchecked Sendable {
    public struct Limits: Equatable, Sendable {
        public var lines: Int
        public var lineBytes: Int
        public var totalBytes: Int
        public init(lines: Int = 500, lineBytes: Int = 1024, totalBytes: Int = 256 * 1024) {
            self.lines = max(1, lines); self.lineBytes = max(16, lineBytes); self.totalBytes = max(self.lineBytes, totalBytes)
        }
    }

    public let limits: Limits
    private let lock = NSLock()
    /// A circular buffer: `count` lines from `start`.
    private var slots: [LogLine?]
    private var start = 0
    private var count = 0
    private var bytes = 0

    public init(limits: Limits = Limits()) {
        self.limits = limits
        slots = Array(repeating: nil, count: limits.lines)
    }

    /// Keeps `line`, its text cut to the line bound (a cut line ends in "…"); the oldest lines leave to make room.
    public func append(_ line: LogLine) {
        var kept = line
        kept.text = LogRing.cut(line.text, toBytes: limits.lineBytes)
        let size = kept.text.utf8.count
        lock.lock(); defer { lock.unlock() }
        while count > 0, count == limits.lines || bytes + size > limits.totalBytes { dropOldest() }
        slots[(start + count) % limits.lines] = kept
        count += 1
        bytes += size
    }

    /// The last `n` lines, oldest first.
    public func last(_ n: Int) -> [LogLine] {
        lock.lock(); defer { lock.unlock() }
        let taken = max(0, min(n, count))
        return (count - taken..<count).compactMap { slots[(start + $0) % limits.lines] }
    }

    /// Lines kept, and their text's bytes.
    public var size: (lines: Int, bytes: Int) { lock.lock(); defer { lock.unlock() }; return (count, bytes) }

    private func dropOldest() {
        bytes -= slots[start]?.text.utf8.count ?? 0
        slots[start] = nil
        start = (start + 1) % limits.lines
        count -= 1
    }

    /// `text` within `maxBytes` of UTF-8, cut at a character's boundary with "…" (3 bytes) at the end when cut.
    static func cut(_ text: String, toBytes maxBytes: Int) -> String {
        guard text.utf8.count > maxBytes else { return text }
        var end = text.startIndex, used = 0
        for character in text {
            let size = character.utf8.count
            guard used + size <= maxBytes - 3 else { break }
            used += size
            end = text.index(after: end)
        }
        return String(text[..<end]) + "…"
    }
}
