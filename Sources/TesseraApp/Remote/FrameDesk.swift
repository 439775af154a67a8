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
    }

    private let post: (Call) -> Void
    private let lock = NSLock()
    private var observers: [@Sendable (FrameState) -> Void] = []

    /// `post`: hands a call to the main thread (the mailbox).
    init(post: @escaping (Call) -> Void) { self.post = post }

    // MARK: any thread

    public func state(reply: @escaping @Sendable (FrameState) -> Void) { post(.state(reply)) }

    public func perform(_ command: Command, reply: @escaping @Sendable (Result<FrameState, CommandRefusal>) -> Void) {
        post(.perform(command, reply))
    }

    public func picture(maxSide: Int, reply: @escaping @Sendable (PictureShown?) -> Void) {
        post(.picture(maxSide: maxSide, reply))
    }

    public func observe(_ changed: @escaping @Sendable (FrameState) -> Void) {
        lock.lock(); observers.append(changed); lock.unlock()
    }

    // MARK: main thread

    /// Commands carried out whose frame is not presented yet: answered by `presented` or `nothingDrawn`.
    private var waiting: [(since: Double, answer: () -> Void)] = []
    /// The state last told to observers, and when it was looked at.
    private var told: FrameState?
    private var lookedAt = -Double.infinity
    /// Seconds from a command's arrival on the main thread to the frame that shows it, for the benchmark.
    @_spi(Bench) public private(set) var commandToScreen: [Double] = []
    /// Commands carried out (the benchmark checks that no hostile request was one).
    @_spi(Bench) public private(set) var performed = 0

    /// Takes a call up in the running app.
    func take(_ call: Call, in app: GalleryApp, now: Double) {
        switch call {
        case .state(let reply): reply(app.frameState)
        case .picture(let maxSide, let reply): app.pictures.picture(of: app.model, maxSide: maxSide, reply: reply)
        case .perform(let command, let reply):
            if let refusal = app.carryOutFromAfar(command) {
                reply(.failure(refusal))
                return
            }
            performed += 1
            waiting.append((now, { [unowned app] in reply(.success(app.frameState)) }))
        }
    }

    /// A whole frame was presented: every command carried out before it shows now.
    func presented(in app: GalleryApp, now: Double) {
        answerWaiting(now: now)
        tellObservers(app, now: now)
    }

    /// A turn of the loop that draws nothing (asleep, hidden): commands are answered now, and a command waits no
    /// longer than `longestWait` for a frame that is not coming.
    func nothingDrawn(in app: GalleryApp, now: Double, drawing: Bool) {
        if !drawing || waiting.contains(where: { now - $0.since > FrameDesk.longestWait }) { answerWaiting(now: now) }
        tellObservers(app, now: now)
    }

    static let longestWait = 0.5
    /// Observers hear of a change at most this often.
    static let observeInterval = 0.25

    private func answerWaiting(now: Double) {
        guard !waiting.isEmpty else { return }
        let answered = waiting
        waiting.removeAll()
        for entry in answered {
            if commandToScreen.count < 100_000 { commandToScreen.append(now - entry.since) }
            entry.answer()
        }
    }

    private func tellObservers(_ app: GalleryApp, now: Double) {
        lock.lock(); let listening = observers; lock.unlock()
        guard !listening.isEmpty, now - lookedAt >= FrameDesk.observeInterval else { return }
        lookedAt = now
        let state = app.frameState
        guard state != told else { return }
        told = state
        for observer in listening { observer(state) }
    }
}
