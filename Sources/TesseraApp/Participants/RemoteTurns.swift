import GalleryCore

/// The remotes' participant (`--remote`, `--mqtt`): their servers started once the window is up and stopped at the
/// end; a command's answer waits for the frame that shows it, and goes at once on a turn that draws nothing.
final class RemoteTurns: LoopParticipant {
    private unowned let app: GalleryApp
    private let services: RemoteServices?
    /// The health the remotes report (`last_advanced`, `stalled`, `health`), a participant of its own.
    let health: HealthWatch

    init(app: GalleryApp, options: AppOptions) {
        self.app = app
        health = HealthWatch(app: app)
        services = options.remoteControlled ? RemoteServices(options: options, desk: app.desk,
                                                                   overlays: app.scene.overlays.switchable) : nil
        for problem in services?.problems ?? [] { app.model.toasts.show(problem) }
    }

    /// The port the remote's HTTP server listens on.
    var port: Int? { services?.httpPort }

    /// A remote's call, carried to the main thread.
    func take(_ call: FrameDesk.Call, now: Double) { app.desk.take(call, in: app, now: now) }

    func frame(_ turn: Turn) { app.desk.meter.began(at: turn.now) }
    /// A source's page that failed, a store's problem: the metrics' errors.
    func count(_ delivery: FeedDelivery) { app.desk.meter.count(delivery) }
    func skipped(_ turn: Turn, drawing: Bool) { app.desk.nothingDrawn(in: app, now: turn.now, drawing: drawing) }
    func presented(_ turn: Turn) { app.desk.presented(in: app, now: turn.now) }
    func stop() { services?.stop() }
}
