/// The detail pane's hold on its moving picture: playing or paused, and the seeks asked for (Space plays and
/// pauses, `,` and `.` step five seconds, a click or tap on the progress bar goes there). A clip that has ended
/// starts again from its beginning when played; a Live Photo's motion plays again.
public struct PaneClip: Equatable, Hashable {
    public private(set) var paused = false
    public private(set) var seek: PlayRequest.Seek?
    private var seeks = 0
    /// Seconds `,` and `.` step.
    public static let step = 5.0

    public init() {}

    /// Space: pauses a playing clip; plays a paused one, from the start once it has ended (or a Live Photo again).
    public mutating func playPause(_ progress: ClipProgress?) {
        if let progress, progress.ended || progress.failure != nil {
            paused = false
            seek(to: 0)
        } else {
            paused.toggle()
        }
    }

    /// Goes `seconds` from where it is, within the clip.
    public mutating func step(_ seconds: Double, _ progress: ClipProgress?) {
        guard let progress else { return }
        let end = progress.duration ?? .infinity
        seek(to: min(max(0, progress.position + seconds), max(0, end - 0.05)))
    }

    /// Goes to a share (0…1) of the clip: a click on its bar.
    public mutating func seek(toFraction fraction: Double, _ progress: ClipProgress?) {
        guard let duration = progress?.duration, duration > 0 else { return }
        seek(to: min(max(0, fraction), 1) * duration)
    }

    public mutating func seek(to seconds: Double) {
        seeks += 1
        seek = PlayRequest.Seek(to: seconds, id: seeks)
    }
}
