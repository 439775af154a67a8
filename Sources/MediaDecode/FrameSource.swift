import GalleryCore

/// A moving picture opened for its frames, whichever library decodes it: one frame is held at a time. `advance`
/// decodes the next one (cheap to skip: a dropped frame is decoded, never scaled), `render` draws the held one.
protocol FrameSource: AnyObject {
    var info: MediaInfo { get }
    /// Decodes the next frame and holds it; its time in seconds from the start, or nil at the end (or when the
    /// stream is too broken to go on).
    func advance() -> Double?
    /// The held frame, scaled to `width`x`height` BGRA upright, into `destination`. False when there is none.
    func render(into destination: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int) -> Bool
    /// The held frame as the decoder's planes (`FrameLayout.i420` or `.nv12`) at `width`x`height`, copied or scaled
    /// as planes into `destination` (laid out as `FrameLayout.planes`): the layout written, or nil when the frame
    /// does not come as such planes (another pixel format, full range, turned), which is then `render`ed as BGRA.
    func renderPlanes(into destination: UnsafeMutableRawPointer, width: Int, height: Int) -> FrameLayout?
    /// Back to `seconds` (0: the start); the next `advance` gives the first frame at or after it.
    func seek(to seconds: Double) -> Bool
    /// The clip time of the sound being heard, when sound plays: what frames are paced by.
    var soundClock: Double? { get }
    /// Pauses or resumes the sound.
    func setPaused(_ paused: Bool)
    /// Frames come late: decode faster if it can (a decoder thread more); whether it did, in which case the caller
    /// seeks back to where it is, since the decoder starts afresh.
    func decodeFaster() -> Bool
}

extension FrameSource {
    func renderPlanes(into destination: UnsafeMutableRawPointer, width: Int, height: Int) -> FrameLayout? { nil }
    var soundClock: Double? { nil }
    func setPaused(_ paused: Bool) {}
    func decodeFaster() -> Bool { false }
}

/// Opening a location as a frame source: an animated WebP through libwebp (FFmpeg 5.1 cannot decode one), an animated
/// JPEG XL through libjxl, anything else through FFmpeg.
enum FrameSources {
    /// `output`: the size its frames are drawn at (nil: a probe, which reads the header and decodes nothing); what
    /// decoding at that size needs is judged by the worker's share of memory first. `sound`: the clip's sound is
    /// played too (in this process, through SDL's audio).
    static func open(_ location: MediaLocation, limits: MediaLimits, output: PixelSize?, hardware: HardwareDecoding = .none,
                     sound: Bool = false) throws(MediaRefusal) -> FrameSource {
        if case .file = location.place, WebPAnimation.isWebP(location) {
            return try WebPAnimation(location, limits: limits, output: output)
        }
        if case .file = location.place, JXLAnimation.isJXL(location) {
            return try JXLAnimation(location, limits: limits, output: output)
        }
        return try VideoClip(location, limits: limits, decoding: output != nil, hardware: hardware, sound: sound)
    }
}
