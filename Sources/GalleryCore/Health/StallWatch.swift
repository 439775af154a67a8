/// Notices a frame that has stopped advancing: the photo on screen has not changed for two of its intervals and a
/// little (`limit`) while it should be changing by itself (a slideshow not paused, on a display that is on, nothing
/// over it), so a stall is said within three intervals. Says it once when it starts and once when it ends, as log
/// lines (English), and why. Pure; driven by the loop's clock (monotonic seconds).
public struct StallWatch {
    /// When the photo on screen last changed (the loop's clock), nil before the first.
    public private(set) var lastChange: Double?
    /// Whether the frame is stalled now.
    public private(set) var isStalled = false
    private var shown: [String] = []
    /// Since when the frame should have been advancing by itself (nil: it should not now).
    private var expectedSince: Double?
    private var stalledAt = 0.0

    public init() {}

    /// Seconds over two intervals before a frame counts as stalled: a quarter interval, half a second at least and
    /// half a minute at most (a photo's fade and a slow decode are not a stall).
    public static func grace(interval: Double) -> Double { min(30, max(0.5, interval / 4)) }

    /// Seconds without a change that make a stall.
    public static func limit(interval: Double) -> Double { 2 * interval + grace(interval: interval) }

    /// A look at the frame at `now`: `photos`, the IDs of the photos on screen (empty: none drawn yet, which is no
    /// change); `interval`, the seconds between photos when the frame should advance by itself now, else nil;
    /// `why`, asked only when a stall starts. Returns the log line to write when the stall starts or ends.
    public mutating func observe(now: Double, photos: [String], advancing interval: Double?,
                                 why: () -> String) -> String? {
        let changed = !photos.isEmpty && photos != shown
        if changed {
            shown = photos
            lastChange = now
        }
        guard let interval, interval > 0 else {
            expectedSince = nil
            guard isStalled else { return nil }
            isStalled = false
            return "no longer stalled: the frame is not meant to advance by itself now (paused, another screen, or the display off)"
        }
        let since = expectedSince ?? now
        expectedSince = since
        if isStalled {
            guard changed else { return nil }
            isStalled = false
            return "advancing again: the photo changed after \(Int(now - stalledAt)) s stalled"
        }
        let elapsed = now - max(lastChange ?? since, since)
        guard elapsed >= StallWatch.limit(interval: interval) else { return nil }
        isStalled = true
        stalledAt = now
        return "stalled: the photo has not changed for \(Int(elapsed)) s (\(Int(elapsed / interval)) intervals of "
            + "\(StallWatch.seconds(interval)) s) while the slideshow should advance; \(why())"
    }

    /// Why a frame stalled, in words (English, for the log): the source's trouble first, then the photo waited for.
    public static func reason(online: Bool, sourceError: String?, imagesLoading: Int, lastImageFailure: String?) -> String {
        if !online { return "the source cannot be reached" + (sourceError.map { " (\($0))" } ?? "") }
        if let sourceError { return "the source's last error: \(sourceError)" }
        var why = "the next photo has not arrived"
        if imagesLoading > 0 { why += " (\(imagesLoading) image\(imagesLoading == 1 ? "" : "s") still loading)" }
        else if let lastImageFailure { why += " (the last image failed: \(lastImageFailure))" }
        return why
    }

    /// 10 → "10", 2.5 → "2.5".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }
}
