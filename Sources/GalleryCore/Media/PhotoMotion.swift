/// What moves in a photo, when something does: a clip, an animation (GIF, WebP), a Live Photo (a still and the clip
/// of the moments around it) or a motion photo (the clip inside the JPEG). The still, or the clip's poster frame,
/// is what the pipeline draws first; the moving part is played from the location its source gives
/// (`PhotoSource.motionLocation(for:)`), never from the photo itself (a server's key is not kept with the photo).
public enum MotionKind: String, Codable, Hashable, Sendable, CaseIterable {
    case clip, animation, livePhoto, motionPhoto

    /// Whether the still stands on its own and the motion is an extra played once (a Live Photo, a motion photo),
    /// rather than the picture itself (a clip, an animation, which loop on the wall).
    public var isExtra: Bool { self == .livePhoto || self == .motionPhoto }
}

public struct PhotoMotion: Equatable, Hashable, Sendable, Codable {
    public var kind: MotionKind
    /// Seconds, when the header says (nil: not known until played).
    public var duration: Double?
    /// Whether the clip carries sound.
    public var hasSound: Bool
    /// The source's own ID of the clip, when it is not the photo's (Immich's `livePhotoVideoId`): kept with the
    /// photo, so a page read back from the cache still knows it. Never a key or a whole address.
    public var clipID: String?

    public init(kind: MotionKind, duration: Double? = nil, hasSound: Bool = false, clipID: String? = nil) {
        self.kind = kind; self.duration = duration; self.hasSound = hasSound; self.clipID = clipID
    }

    /// A duration that is a number of seconds a clip can last (`MediaLimits.maxDuration` at most), else none; a
    /// clip ID only if it is one (`Photo.isAcceptableID`).
    public func validated() -> PhotoMotion {
        var checked = self
        if let d = duration, !(d.isFinite && d >= 0 && d <= MediaLimits.standard.maxDuration) { checked.duration = nil }
        if let id = clipID, !Photo.isAcceptableID(id) { checked.clipID = nil }
        return checked
    }

    /// The badge on the photo's cell: a clip's length ("0:12", "1:04:09"), "GIF" for an animation, "LIVE" for a
    /// Live Photo or motion photo.
    public var badge: String {
        switch kind {
        case .clip: return duration.map(PhotoMotion.clock) ?? "▶"
        case .animation: return "GIF"
        case .livePhoto, .motionPhoto: return "LIVE"
        }
    }

    /// m:ss below an hour, h:mm:ss above; rounded down to the second, as players show it.
    public static func clock(_ seconds: Double) -> String {
        // Whatever a header or a worker said: a clock of at most 999,999 hours.
        let s = Int(min(3.6e9, max(0, seconds.isFinite ? seconds : 0)))
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }
}
