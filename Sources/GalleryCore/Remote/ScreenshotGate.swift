import Foundation

/// How often the whole screen may be read (`GET /api/v1/screenshot`, Home Assistant's screen): one at a time, and
/// the next no sooner than `gap` seconds after the last was taken up, so a page polling in a loop or a script
/// hammering the API cannot take the frame's main thread. Times are seconds on any monotonic clock.
public struct ScreenshotGate: Equatable, Sendable {
    public let gap: Double
    /// How long a screenshot may wait for its frame before it is given up (no frame came: nothing is drawn).
    public let longestWait: Double
    private var started: Double?
    private var inFlight = false

    public init(gap: Double = ScreenshotGate.standardGap, longestWait: Double = ScreenshotGate.standardLongestWait) {
        self.gap = gap; self.longestWait = longestWait
    }

    public static let standardGap = 2.0
    /// Seconds kept, within the remote's reply time, for reading, scaling and encoding the frame once it is drawn.
    public static let encodeBudget = 1.5
    /// The remote's reply time less the encode budget: a screenshot given up for want of a frame is said to its
    /// client ("no frame was drawn in time") before the remote answers for the frame with its generic timeout.
    public static let standardLongestWait = RemoteLimits.standard.replySeconds - encodeBudget

    /// Takes a request up at `now`, or says why not (`tooSoon`, with the seconds to wait).
    public mutating func admit(now: Double) -> ScreenshotRefusal? {
        if inFlight, let started, now - started > longestWait { inFlight = false }
        if inFlight {
            return ScreenshotRefusal("a screenshot is being taken", kind: .tooSoon, retryAfter: Int(gap.rounded(.up)))
        }
        if let started, now - started < gap {
            let wait = max(1, Int((started + gap - now).rounded(.up)))
            return ScreenshotRefusal("a screenshot was taken a moment ago", kind: .tooSoon, retryAfter: wait)
        }
        started = now
        inFlight = true
        return nil
    }

    /// The screenshot taken up last is done (sent, or given up).
    public mutating func finished() { inFlight = false }

    /// The size a panel of `panel` pixels is sent at: scaled down to fit `maxSide` (never up; nil: as it is), the
    /// shape kept.
    public static func size(of panel: PixelSize, fitting maxSide: Int?) -> PixelSize {
        guard let maxSide, maxSide > 0, max(panel.width, panel.height) > maxSide else { return panel }
        let scale = Double(maxSide) / Double(max(panel.width, panel.height))
        return PixelSize(width: max(1, Int((Double(panel.width) * scale).rounded())),
                         height: max(1, Int((Double(panel.height) * scale).rounded())))
    }
}
