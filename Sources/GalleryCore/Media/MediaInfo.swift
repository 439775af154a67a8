/// What the media worker read from a moving picture's header: enough to lay out its cell, badge it and judge it.
public struct MediaInfo: Equatable, Sendable {
    /// Size as drawn: the stored size turned by `rotation` (a phone's portrait clip is stored 1920x1080 and turned
    /// 90°).
    public var width: Int
    public var height: Int
    /// Clockwise degrees the stored frames are turned for display: 0, 90, 180 or 270.
    public var rotation: Int
    /// Seconds (nil: the container does not say).
    public var duration: Double?
    /// Frames a second, as the stream says (nil: unknown or variable).
    public var frameRate: Double?
    /// Frames in all, when the container counts them (an animation, an MP4's sample table).
    public var frameCount: Int?
    /// The codec's short name ("h264", "hevc", "vp9", "av1", "gif", "webp").
    public var codec: String
    public var hasSound: Bool

    public init(width: Int, height: Int, rotation: Int = 0, duration: Double? = nil, frameRate: Double? = nil,
                frameCount: Int? = nil, codec: String, hasSound: Bool = false) {
        self.width = width; self.height = height; self.rotation = rotation; self.duration = duration
        self.frameRate = frameRate; self.frameCount = frameCount; self.codec = codec; self.hasSound = hasSound
    }

    /// The stored size (before the rotation).
    public var storedSize: PixelSize {
        rotation % 180 == 0 ? PixelSize(width: width, height: height) : PixelSize(width: height, height: width)
    }
}

/// What a moving picture may claim before it is refused from its header, and what playing one may hold.
public struct MediaLimits: Equatable, Sendable {
    /// Longest side of a frame (8K is 7680).
    public var maxSide = 8192
    /// Pixels of a frame (8K UHD: 33 MP).
    public var maxPixels = 7680 * 4320
    /// Seconds: a frame's clips are a phone's, not a night's recording.
    public var maxDuration: Double = 3 * 3600
    /// Frames of an animation (a GIF of a million one-pixel frames is refused).
    public var maxFrames = 100_000
    /// Bytes the demuxer reads to find the streams, and microseconds of them it analyses.
    public var probeBytes = 8 << 20
    public var analyzeMicroseconds = 2_000_000
    /// Seconds a probe or poster may take before the worker is taken for hung and killed.
    public var workerTimeout: Double = 10
    /// Bytes of address space a worker may map (its decoder's buffers and the frames it holds): a bomb fails
    /// there, inside the worker, not in the app.
    public var workerAddressSpace = 1536 << 20
    /// Bytes of data (heap and private mappings: RLIMIT_DATA) the worker may hold: its share of the workers' one
    /// budget (`MediaMemoryBudget`), set by the app as it starts it; nil: not limited beyond the address space.
    public var workerShare: Int?

    public init() {}
    public static let standard = MediaLimits()

    /// The refusal for `info`, or nil when it may be played.
    public func refusal(for info: MediaInfo) -> MediaRefusal? {
        let stored = info.storedSize
        guard stored.width > 0, stored.height > 0 else { return .noPicture }
        guard stored.width <= maxSide, stored.height <= maxSide, stored.width * stored.height <= maxPixels else {
            return .tooLarge(width: stored.width, height: stored.height)
        }
        if let d = info.duration, d > maxDuration { return .tooLong(seconds: d) }
        if let n = info.frameCount, n > maxFrames { return .tooManyFrames(n) }
        return nil
    }
}

/// Why a moving picture is not played (shown as its poster, or a placeholder, with these words).
public enum MediaRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    case noPicture
    case tooLarge(width: Int, height: Int)
    case tooLong(seconds: Double)
    case tooManyFrames(Int)
    /// Not a format the worker knows (a file named .mp4 that is something else).
    case unknownFormat(String)
    /// The worker said so (a corrupt stream), crashed or hung.
    case cannotPlay(String)

    public var description: String {
        switch self {
        case .noPicture: return "no picture in it"
        case .tooLarge(let w, let h): return "frames of \(w)x\(h) are larger than a frame plays"
        case .tooLong(let s): return "lasts \(PhotoMotion.clock(s)), longer than a frame plays"
        case .tooManyFrames(let n): return "has \(n) frames, more than an animation plays"
        case .unknownFormat(let why): return "not a video or animation (\(why))"
        case .cannotPlay(let why): return "cannot play: \(why)"
        }
    }
}
