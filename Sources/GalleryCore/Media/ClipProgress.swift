/// How a moving picture's playback stands, as the app's player reports it to the screens (the slideshow waits for a
/// clip's end, the pane draws its progress bar).
public struct ClipProgress: Equatable, Sendable {
    /// Seconds from the clip's start.
    public var position: Double
    /// Seconds in all, when known.
    public var duration: Double?
    /// Whether a frame has been drawn yet (until then the poster or still shows).
    public var started: Bool
    /// A clip played once has reached its end.
    public var ended: Bool
    public var paused: Bool
    /// Why it does not play (the poster stays, with these words).
    public var failure: String?

    public init(position: Double = 0, duration: Double? = nil, started: Bool = false, ended: Bool = false,
                paused: Bool = false, failure: String? = nil) {
        self.position = position; self.duration = duration; self.started = started; self.ended = ended
        self.paused = paused; self.failure = failure
    }

    /// Played as far as it goes: ended, failed, or past `cap` seconds.
    public func isDone(cap: Double) -> Bool { ended || failure != nil || position >= cap }

    /// The share played, 0…1 (0 when the length is not known).
    public var fraction: Double {
        guard let duration, duration > 0 else { return 0 }
        return min(1, max(0, position / duration))
    }
}

/// What the screens ask to play, and how: the app's players follow it each frame.
public struct PlayRequest: Equatable, Hashable {
    public var key: ItemKey
    public var photo: Photo
    /// Where it is drawn (window coordinates): the player decodes at this size in pixels.
    public var frame: Rect
    /// Drawn large (the pane, the slideshow) in place of the large image, rather than in place of its cell.
    public var large: Bool
    /// Loops (a clip or an animation on the wall) or plays once and holds its last frame (the slideshow's clip, a
    /// Live Photo's motion).
    public var loops: Bool
    /// Whether its sound may play (the pane or the slideshow with `--sound`; never the wall).
    public var sound: Bool
    public var paused: Bool
    /// A seek asked for (a new `id` each time: the player seeks once per request).
    public var seek: Seek?

    public struct Seek: Equatable, Hashable {
        public var to: Double
        public var id: Int
        public init(to: Double, id: Int) { self.to = to; self.id = id }
    }

    public init(key: ItemKey, photo: Photo, frame: Rect, large: Bool, loops: Bool, sound: Bool = false,
                paused: Bool = false, seek: Seek? = nil) {
        self.key = key; self.photo = photo; self.frame = frame; self.large = large; self.loops = loops; self.sound = sound
        self.paused = paused; self.seek = seek
    }
}
