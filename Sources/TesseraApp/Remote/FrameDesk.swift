import Foundation
import GalleryCore

/// The running frame as the remotes see it (`FrameControl`): the HTTP server's and the MQTT client's threads call in,
/// each call goes through the mailbox to the main thread (which it wakes), the model acts there as it would for a
/// key, and the reply waits until the frame showing the command is presented, so a remote's answer means the screen
/// has changed. Nothing drawn (the display off at night, the window hidden), it is answered at once.
@_spi(Bench) public final class FrameDesk: FrameControl, @unchecked Sendable {
    /// A remote's request, carried to the main thread.
    enum Call {
        case state(@Sendable (FrameState) -> Void)
        case perform(Command, @Sendable (Result<FrameState, CommandRefusal>) -> Void)
        case picture(maxSide: Int, @Sendable (PictureShown?) -> Void)
        /// The whole screen at the next whole frame (`ScreenCapture`).
        case screenshot(ScreenshotRequest, ScreenCapture.Reply)
        /// The metrics, with what is read on the main thread (the display, the clips).
        case metrics(@Sendable (String) -> Void)
        /// A wake-up the desk set for itself: a postponed look at the state, a held command's deadline.
        case look
    }

    private let post: (Call) -> Void
    private let lock = NSLock()
    private var observers: [@Sendable (FrameState) -> Void] = []
    /// The other frames seen on the network and the broker (told by `FrameDiscovery` and the MQTT bridge).
    let seenFrames = SeenFrames()

    /// The loop's side of the frame's metrics (`GET /metrics`; the decoders and the HTTP client observe theirs).
    let meter: FrameMeter

    /// `post`: hands a call to the main thread (the mailbox).
    init(metrics: FrameMetrics, post: @escaping (Call) -> Void) {
        meter = FrameMeter(metrics: metrics, now: GalleryApp.now())
        self.post = post
    }

    // MARK: any thread

    public func state(reply: @escaping @Sendable (FrameState) -> Void) { post(.state(reply)) }

    public func perform(_ command: Command, reply: @escaping @Sendable (Result<FrameState, CommandRefusal>) -> Void) {
        post(.perform(command, reply))
    }

    public func picture(maxSide: Int, reply: @escaping @Sendable (PictureShown?) -> Void) {
        post(.picture(maxSide: maxSide, reply))
    }

    /// Straight from the log's ring (its own lock): no trip to the main thread.
    public func recentLog(lines: Int) -> [LogLine] { Log.ring.last(lines) }

    public func metrics(reply: @escaping @Sendable (String) -> Void) { post(.metrics(reply)) }

    public func screenshot(_ request: ScreenshotRequest,
                           reply: @escaping @Sendable (Result<Screenshot, ScreenshotRefusal>) -> Void) {
        post(.screenshot(request, reply))
    }

    /// Straight from their list (its own lock): no trip to the main thread.
    public func frames(reply: @escaping @Sendable ([FrameSeen]) -> Void) { reply(seenFrames.list()) }

    public func observe(_ changed: @escaping @Sendable (FrameState) -> Void) {
        lock.lock(); observers.append(changed); lock.unlock()
    }

    /// What the owner should know about a remote (another frame using the MQTT id; nil once over), for the state.
    func setNotice(_ text: String?) {
        lock.lock(); noticeText = text; lock.unlock()
        post(.look)
    }

    var notice: String? { lock.lock(); defer { lock.unlock() }; return noticeText }
    private var noticeText: String?

    // MARK: main thread

    /// The screenshots asked for, read by the drawing at the next whole frame.
    let capture = ScreenCapture()

    /// Commands carried out whose frame is not presented yet: answered by `presented` or `nothingDrawn`.
    private var waiting: [(since: Double, answer: () -> Void)] = []
    /// The state last told to observers.
    private var told: FrameState?
    /// Seconds from a command's arrival on the main thread to the frame that shows it, for the benchmark.
    @_spi(Bench) public private(set) var commandToScreen: [Double] = []
    /// Commands carried out (the benchmark checks that no hostile request was one).
    @_spi(Bench) public private(set) var performed = 0

    /// Takes a call up in the running app.
    func take(_ call: Call, in app: GalleryApp, now: Double) {
        switch call {
        case .state(let reply): reply(app.frameState)
        case .picture(let maxSide, let reply): app.pictures.picture(of: app.model, maxSide: maxSide, reply: reply)
        case .screenshot(let request, let reply):
            if capture.ask(request, now: now, reply: reply) { app.frames.noteChange() }
        case .metrics(let reply): reply(meter.metrics.text(meter.readings(of: app, now: now)))
        case .look:
            releaseHeld(in: app, now: now)
            _ = pacer.due()
            look(at: app, now: now)
        case .perform(let command, let reply):
            // A frame just started has no photos yet: `next` waits for them rather than being lost.
            if HeldCommands<Reply>.needsPhotos(command), app.model.catalog.isEmpty {
                guard held.hold(command, now: now, reply: reply) else {
                    return reply(.failure(CommandRefusal("the feed has no photos yet", kind: .notNow).with(state: app.frameState)))
                }
                if let deadline = held.nextDeadline { wake(after: deadline - now) }
                return
            }
            carryOut(command, in: app, now: now, reply: reply)
        }
    }

    private typealias Reply = @Sendable (Result<FrameState, CommandRefusal>) -> Void
    /// Commands that need photos, waiting for the feed's first.
    private var held = HeldCommands<Reply>(limit: FrameDesk.photoWait)

    private func carryOut(_ command: Command, in app: GalleryApp, now: Double, reply: @escaping Reply) {
        if let refusal = app.carryOutFromAfar(command) {
            meter.metrics.errors.add("command_refused")
            // The answer says the state the frame is in, after the refusal as after a command carried out.
            reply(.failure(refusal.with(state: app.frameState)))
            return
        }
        performed += 1
        waiting.append((now, { [unowned app] in reply(.success(app.frameState)) }))
    }

    private func releaseHeld(in app: GalleryApp, now: Double) {
        guard !held.isEmpty else { return }
        let (ready, expired) = held.release(feedHasPhotos: !app.model.catalog.isEmpty, now: now)
        for entry in expired {
            entry.reply(.failure(CommandRefusal("the feed had no photos after \(Int(FrameDesk.photoWait)) s", kind: .notNow)
                .with(state: app.frameState)))
        }
        for entry in ready { carryOut(entry.command, in: app, now: now, reply: entry.reply) }
    }

    /// A whole frame was presented: every command carried out before it shows now.
    func presented(in app: GalleryApp, now: Double) {
        meter.presented(at: now, model: app.model)
        releaseHeld(in: app, now: now)
        answerWaiting(now: now)
        look(at: app, now: now)
    }

    /// A turn of the loop that draws nothing (asleep, hidden): commands are answered now, and a command waits no
    /// longer than `longestWait` for a frame that is not coming.
    func nothingDrawn(in app: GalleryApp, now: Double, drawing: Bool) {
        releaseHeld(in: app, now: now)
        capture.nothingDrawn(drawing: drawing, now: now)
        if !drawing || waiting.contains(where: { now - $0.since > FrameDesk.longestWait }) { answerWaiting(now: now) }
        look(at: app, now: now)
    }

    static let longestWait = 0.5
    /// Observers hear of a change at most this often.
    static let observeInterval = 0.25
    /// How long a command that needs photos waits for the feed's first (a frame starting, a source changing).
    static let photoWait = 30.0

    private func answerWaiting(now: Double) {
        guard !waiting.isEmpty else { return }
        let answered = waiting
        waiting.removeAll()
        for entry in answered {
            if commandToScreen.count < 100_000 { commandToScreen.append(now - entry.since) }
            entry.answer()
        }
    }

    /// Looks at the state at most every `observeInterval`, and tells the observers when it changed. A look that
    /// comes inside the interval is postponed, not dropped: the loop is woken for it when the interval is over (an
    /// idle slideshow may not turn its loop again for minutes, and the display's switch must reach the remotes now).
    private func look(at app: GalleryApp, now: Double) {
        lock.lock(); let listening = observers; lock.unlock()
        guard !listening.isEmpty else { return }
        switch pacer.changed(now: now) {
        case .sendNow: break
        case .alreadyPostponed: return
        case .sendAfter(let wait): return wake(after: wait)
        }
        pacer.sent(at: now)
        let state = app.frameState
        guard state != told else { return }
        told = state
        for observer in listening { observer(state) }
    }

    /// The state looked at last, and when.
    private var pacer = UpdatePacer(minimumGap: FrameDesk.observeInterval)

    /// Wakes the loop after `seconds` with a `look` of the desk's own (through the mailbox, as a remote's call).
    private func wake(after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) { [weak self] in self?.post(.look) }
    }
}
