/// Steers the app frame by frame instead of a person: the screenshot autopilot, the benchmark. Hooks run on the
/// main thread inside the loop; returning an exit code ends the run.
@_spi(Bench) public protocol FrameDriver: AnyObject {
    /// Before the frame's work: may move the model.
    func beforeFrame(_ app: GalleryApp, now: Double) -> Int32?
    /// After drawing, before present: the frame can still be read back.
    func afterDraw(_ app: GalleryApp, now: Double) -> Int32?
    /// After present, with when this frame's work began (after the loop stopped waiting).
    func afterPresent(_ app: GalleryApp, workStarted: Double, now: Double)
    /// Whether every frame must be drawn whole (to be read back or timed), even when only the clock moved.
    var wantsWholeFrames: Bool { get }
}

extension FrameDriver {
    @_spi(Bench) public func beforeFrame(_ app: GalleryApp, now: Double) -> Int32? { nil }
    @_spi(Bench) public func afterDraw(_ app: GalleryApp, now: Double) -> Int32? { nil }
    @_spi(Bench) public func afterPresent(_ app: GalleryApp, workStarted: Double, now: Double) {}
    @_spi(Bench) public var wantsWholeFrames: Bool { true }
}
