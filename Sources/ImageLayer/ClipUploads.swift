/// What one turn's clip uploads changed on screen (`ClipPlayers.upload(to:)`).
public struct ClipUploads: Equatable {
    /// The clips whose texture now holds a new frame: only their cells changed.
    public var newFrames: Set<ImageKey> = []
    /// A clip that failed was stopped: its poster and its "cannot play" come back, a change of more than its frame.
    public var stopped = false

    public init() {}
}
