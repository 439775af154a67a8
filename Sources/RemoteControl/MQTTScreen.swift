import Dispatch
import Foundation
import GalleryCore

/// The bridge's screen for Home Assistant's "Screen" image (`FrameTopics.screen`): the whole screen as a modest
/// JPEG, taken a moment after the photo on screen changes (once its transition is over) but at most once per
/// `gap`, and at once on the `screenshot` command. One screen is published for both when the command comes while a
/// changed photo's screen is settling (that one, a moment later), and for photos changed while it settles. A
/// screenshot the frame refuses as too soon is asked again when it says (a few times at most); one refused because
/// nothing is drawn waits for the next photo. Everything here runs on the bridge's queue.
final class MQTTScreen {
    struct Timing: Sendable {
        /// The longest side sent.
        var side = 960
        /// At most one screen for a changed photo per this many seconds.
        var gap = 60.0
        /// Seconds after a photo changed before the screen is taken (its transition over).
        var settle = 2.0
        /// Times a screenshot refused as too soon is asked again.
        var retries = 3
    }

    private let control: FrameControl
    private let queue: DispatchQueue
    private let timing: Timing
    /// Publishes the JPEG (retained), when the bridge is connected.
    private let publish: (Data) -> Void
    private var pacer: UpdatePacer
    /// The photo the last screen was asked for.
    private var photoID: String?
    private var asking = false
    /// A changed photo's screen waits for its transition to end: it answers a `screenshot` command meanwhile.
    private var settling = false

    init(control: FrameControl, queue: DispatchQueue, timing: Timing, publish: @escaping (Data) -> Void) {
        self.control = control; self.queue = queue; self.timing = timing; self.publish = publish
        pacer = UpdatePacer(minimumGap: timing.gap)
    }

    /// The state said which photo shows: a screen a moment later if it is another (paced to one per `gap`).
    func photoChanged(_ id: String?, now: Double) {
        guard let id, id != photoID else { return }
        photoID = id
        switch pacer.changed(now: now) {
        case .sendNow: later(timing.settle)
        case .alreadyPostponed: break
        case .sendAfter(let wait):
            queue.asyncAfter(deadline: .now() + wait) { [weak self] in
                guard let self, self.pacer.due() else { return }
                self.later(self.timing.settle)
            }
        }
    }

    /// A new connection: the screen goes again with the next state (a broker may have lost its retained messages).
    func forget() { photoID = nil }

    /// The `screenshot` command: now, or the settling screen's moment.
    func asked() {
        guard !settling else { return }
        take(retries: timing.retries)
    }

    private func later(_ seconds: Double) {
        guard !settling else { return }
        settling = true
        queue.asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self else { return }
            self.settling = false
            self.take(retries: self.timing.retries)
        }
    }

    private func take(retries: Int) {
        guard !asking else { return }
        asking = true
        pacer.sent(at: Double(DispatchTime.now().uptimeNanoseconds) / 1e9)
        let request = ScreenshotRequest(maxSide: timing.side, format: .jpeg)
        control.screenshot(request) { [weak self, queue] result in
            queue.async {
                guard let self else { return }
                self.asking = false
                switch result {
                case .success(let shot): self.publish(shot.data)
                case .failure(let refusal) where refusal.kind == .tooSoon && retries > 0:
                    let wait = Double(refusal.retryAfter ?? 2)
                    self.queue.asyncAfter(deadline: .now() + wait) { [weak self] in self?.take(retries: retries - 1) }
                case .failure: break  // asleep or failed: the next photo tries again
                }
            }
        }
    }
}
