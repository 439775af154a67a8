import GalleryCore

/// One turn of the loop as its participants see it.
struct Turn {
    /// The loop's monotonic seconds (`GalleryApp.now`).
    let now: Double
    /// Seconds since the last frame's work began (0 on a turn that draws nothing).
    let dt: Double
    /// The model's step this turn (`FramePacer.modelStep`): `dt` within what the loop meant to wait.
    var modelDt = 0.0
    /// Seconds since the app started (the kiosk's burn-in shift, the header's fade).
    let time: Double
    /// A kiosk outside its hours: the display dark, nothing drawn.
    let asleep: Bool
}

/// A part of the running app with one duty (the kiosk, the feed, the images, the clips, the remotes…) that the loop
/// wakes each turn, the way mpv's core wakes its players, inputs and outputs and imv's main loop only dispatches:
/// the loop knows the list, each participant knows its duty. Main thread only.
protocol LoopParticipant: AnyObject {
    /// A turn that draws: this participant's share of the frame's work, before the drawing, in the list's order.
    func frame(_ turn: Turn)
    /// A turn that draws nothing. `drawing` false: nothing will be drawn for a while (asleep, the window hidden);
    /// true: the frame is drawn but not due yet.
    func skipped(_ turn: Turn, drawing: Bool)
    /// A frame (or the header alone) was presented.
    func presented(_ turn: Turn)
    /// The app is stopping (a quit, a signal): put back what this participant changed outside the window.
    func stopping()
}

extension LoopParticipant {
    func frame(_ turn: Turn) {}
    func skipped(_ turn: Turn, drawing: Bool) {}
    func presented(_ turn: Turn) {}
    func stopping() {}
}
