/// Reads a moving picture's header (size as drawn, rotation, duration, sound) without playing it: the media worker's
/// probe, behind a protocol so the core and the sources never name the worker. Blocking and thread-safe: a scanner
/// calls it from its own thread, one clip at a time. A source given none lists no clips or animations (it cannot
/// make their posters either), as before moving pictures were shown.
public protocol MediaProber: AnyObject {
    func probe(_ location: MediaLocation) -> Result<MediaInfo, MediaRefusal>
}

extension MediaProber {
    /// The probe, judged by `limits` too: a header the worker read but the frame would refuse is refused here.
    public func judged(_ location: MediaLocation, limits: MediaLimits = .standard) -> Result<MediaInfo, MediaRefusal> {
        switch probe(location) {
        case .success(let info):
            if let refusal = limits.refusal(for: info) { return .failure(refusal) }
            return .success(info)
        case .failure(let why):
            return .failure(why)
        }
    }
}
