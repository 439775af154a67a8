import GalleryCore

/// The mailbox's sorter, called by the loop when a message wakes it (not one of the participants): each message
/// from a worker thread (`Delivery`) goes to the one receiver that acts on it, at the start of a turn.
final class Mailroom {
    private let mailbox: Mailbox<Delivery>
    private let images: ImagePipeline
    private let feed: FeedDriver
    private let model: GalleryModel
    private let remote: RemoteTurns

    init(mailbox: Mailbox<Delivery>, images: ImagePipeline, feed: FeedDriver, model: GalleryModel, remote: RemoteTurns) {
        self.mailbox = mailbox; self.images = images; self.feed = feed; self.model = model; self.remote = remote
    }

    /// Hands the messages out; whether there were any but clips' frames, and whether any of them is worth drawing
    /// at once.
    func deliver(now: Double) -> (any: Bool, arrived: Bool) {
        var arrived = false, any = false
        for message in mailbox.takeAll() {
            arrived = arrived || message.changesPicture
            // A clip's frame is taken up by `ClipTurns` in the frame, which says what it changed (its cell alone).
            if case .clipFrame = message { continue }
            any = true
            switch message {
            case .images(let delivery): images.receive(delivery, now: now)
            case .feed(let delivery):
                remote.count(delivery)
                feed.receive(delivery, now: now)
            case .said(let words): model.toasts.show(words)
            case .clipFrame: break
            case .remote(let call): remote.take(call, now: now)
            case .reply(let reply): if let note = model.receive(reply), !note.isEmpty { Log.info(note) }
            }
        }
        return (any, arrived)
    }
}
