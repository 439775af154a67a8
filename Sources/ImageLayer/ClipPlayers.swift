import Foundation
import GalleryCore
import MediaWorkers
import SDLKit

/// The moving pictures playing now: one `MediaPlayer` (a worker process of its own) per play request the rooms
/// make, its newest frame handed each frame to the uploader, which fills the slot's stream (a streaming texture of
/// the size drawn, shown in place of the poster): a clip is one more kind of slot, its texture not owned here. A
/// clip that cannot play is remembered, so its poster stays with "cannot play" rather than a worker being started
/// for it on every frame. Main thread only.
public final class ClipPlayers {
    private struct Playing {
        let request: PlayRequest
        let size: PixelSize
        let player: MediaPlayer
        /// The last seek done (`PlayRequest.Seek.id`).
        var seekID: Int?
    }

    private var playing: [ImageKey: Playing] = [:]
    /// Moving pictures that cannot play, and why, by photo (a few hundred at most): for good when the clip was
    /// refused, for a minute when its worker crashed or timed out (a server that was slow once).
    private var failed: [String: (why: String, retryAt: Double?)] = [:]
    private var now = 0.0
    /// A clip whose worker crashed or hung is tried again after a minute.
    public static let retry = RetryPolicy(base: 60, factor: 1, cap: 60, jitter: 0)
    private let textures: TextureUploader
    private let location: (Photo) -> MediaLocation?
    private let wake: @Sendable () -> Void
    private let limits: MediaLimits
    /// Frames shown and dropped by the players since `windowStart`: a machine dropping more than one in ten plays
    /// fewer clips on the wall (`keepsUp`).
    private var windowStart = 0.0, windowShown = 0, windowDropped = 0, cleanWindows = 0
    private var counted: [ImageKey: (shown: Int, dropped: Int)] = [:]
    public private(set) var keepsUp = true
    /// Frames uploaded since the start, and players started (for tests and the benchmark).
    public var framesUploaded: Int { textures.framesUploaded }
    public private(set) var started = 0
    /// Frames the players stopped so far had shown and dropped (`frameCounts`).
    private var retiredShown = 0, retiredDropped = 0

    /// `textures`: the layer's uploader, which holds the clips' streams; `location`: where the shown source plays a
    /// photo's motion from; `wake`: called from a player's thread when a frame or news arrives.
    /// `hardware`: the decoder asked for (`GalleryConfig.hardwareDecoding`).
    public init(textures: TextureUploader, location: @escaping (Photo) -> MediaLocation?,
                limits: MediaLimits = .standard, hardware: String = "none", wake: @escaping @Sendable () -> Void) {
        self.textures = textures; self.location = location; self.limits = limits; self.hardware = hardware
        self.wake = wake
    }
    private let hardware: String

    public var count: Int { playing.count }

    /// Frames the workers have shown (written into a slot) and dropped (no free slot, or late) since the start, the
    /// players stopped since included; as recent as each worker's last report (every `PlayerLoop.reportEvery`).
    public var frameCounts: (shown: Int, dropped: Int) {
        playing.values.reduce((retiredShown, retiredDropped)) { ($0.0 + $1.player.shownFrames, $0.1 + $1.player.droppedFrames) }
    }

    /// Players whose clip, played once, has reached its end.
    public var endedCount: Int { playing.values.filter { $0.player.hasEnded }.count }

    /// The players' worker processes, for the benchmark's memory figures.
    public var workerProcessIDs: [Int32] { playing.values.compactMap { $0.player.workerProcessID } }

    /// Follows what the rooms ask to play: starts players for new requests, stops those no longer asked for, and
    /// passes pause and seek on.
    public func update(_ requests: [PlayRequest], scale: Double, now: Double) {
        self.now = now
        for (id, failure) in failed where failure.retryAt.map({ now >= $0 }) == true { failed[id] = nil }
        var wanted: [ImageKey: (PlayRequest, PixelSize)] = [:]
        for request in requests where failed[request.photo.id] == nil {
            let size = PixelSize(width: max(2, Int((Double(request.frame.width) * scale).rounded())),
                                 height: max(2, Int((Double(request.frame.height) * scale).rounded())))
            wanted[ImageKey(item: request.key, detail: request.large)] = (request, size)
        }
        var resume: [ImageKey: Double] = [:]
        for (key, entry) in playing {
            guard let (request, size) = wanted[key], request.loops == entry.request.loops,
                  abs(size.width - entry.size.width) <= 2, abs(size.height - entry.size.height) <= 2 else {
                // Asked for at another size (a resize, a zoom): it goes on from where it was.
                if wanted[key] != nil { resume[key] = entry.player.position }
                stop(key)
                continue
            }
        }
        for (key, (request, size)) in wanted {
            if playing[key] == nil { start(key, request, size: size, at: resume[key] ?? 0) }
            guard var entry = playing[key] else { continue }
            if request.paused != entry.player.isPaused { request.paused ? entry.player.pause() : entry.player.play() }
            if let seek = request.seek, seek.id != entry.seekID {
                entry.player.seek(to: seek.to)
                entry.seekID = seek.id
                playing[key] = entry
            }
        }
        judgePace(now: now)
    }

    private func start(_ key: ImageKey, _ request: PlayRequest, size: PixelSize, at position: Double) {
        guard let place = location(request.photo) else {
            noteFailure(request.photo.id, "its source has no clip for it", transient: false)
            return
        }
        // The decoder's planes go straight into the ring and a YUV texture; the worker converts only what is not
        // 4:2:0 (or is turned), to BGRA.
        let player = MediaPlayer(location: place, width: size.width, height: size.height, loops: request.loops,
                                 start: position, limits: limits, hardware: hardware, sound: request.sound, planes: true,
                                 wake: wake)
        if request.paused { player.pause() }
        playing[key] = Playing(request: request, size: size, player: player, seekID: request.seek?.id)
        started += 1
    }

    private func stop(_ key: ImageKey) {
        if let player = playing[key]?.player {
            retiredShown += player.shownFrames
            retiredDropped += player.droppedFrames
        }
        playing[key]?.player.stop(waiting: false)
        playing[key] = nil
        textures.releaseStream(key)
        counted[key] = nil
    }

    public func stopAll() { for key in Array(playing.keys) { stop(key) } }

    private func noteFailure(_ photoID: String, _ why: String, transient: Bool) {
        if failed.count >= 500 { failed.removeAll() }
        if failed[photoID] == nil { Log.info("a moving picture does not play (\(why)): its poster stays") }
        failed[photoID] = (why, transient ? now + ClipPlayers.retry.delay(afterFailures: 1, unit: 0) : nil)
    }

    /// Whether a player's failure may pass (its worker crashed or hung, not the clip refused).
    private static func isTransient(_ failure: MediaRefusal) -> Bool {
        guard case .cannotPlay(let why) = failure else { return false }
        return why.contains("crashed") || why.contains("timed out")
    }

    /// Hands each player's newest frame to the uploader; which clips show a new frame, and whether one stopped.
    public func upload(to renderer: Renderer) -> ClipUploads {
        var uploads = ClipUploads()
        for (key, entry) in playing {
            if let failure = entry.player.failure {
                noteFailure(entry.request.photo.id, "\(failure)", transient: ClipPlayers.isTransient(failure))
                stop(key)
                uploads.stopped = true
                continue
            }
            let player = entry.player
            if textures.uploadFrame(key, size: entry.size, renderer: renderer, take: { _ = player.takeFrame($0) }) {
                uploads.newFrames.insert(key)
            }
        }
        return uploads
    }

    /// Whether a playing clip has drawn a frame at least `seconds` in (automation's `await-clip:`): a frame taken to
    /// be drawn, not the point a seek asked for (its frame may still be on its way from a busy worker).
    public func hasShown(past seconds: Double) -> Bool {
        playing.contains { textures.hasFrame($0.key) && ($0.value.player.shownPosition ?? -1) >= seconds }
    }

    /// How a photo's moving picture stands (the large one first: what the pane or slideshow plays).
    public func progress(of item: ItemKey) -> ClipProgress? {
        if let failure = failed[item.photoID] { return ClipProgress(failure: failure.why) }
        let large = ImageKey(item: item, detail: true), small = ImageKey(item: item, detail: false)
        guard let key = playing[large] != nil ? large : playing[small] != nil ? small : nil, let entry = playing[key]
        else { return nil }
        let p = entry.player
        return ClipProgress(position: p.position, duration: p.duration ?? entry.request.photo.motion?.duration,
                            started: textures.hasFrame(key), ended: p.hasEnded, paused: p.isPaused)
    }

    /// Over each two seconds: did the players drop more than one frame in ten?
    private func judgePace(now: Double) {
        for (key, entry) in playing {
            let was = counted[key] ?? (0, 0)
            let shown = entry.player.shownFrames, dropped = entry.player.droppedFrames
            windowShown += max(0, shown - was.shown)
            windowDropped += max(0, dropped - was.dropped)
            counted[key] = (shown, dropped)
        }
        guard now - windowStart >= 2 else { return }
        let total = windowShown + windowDropped
        if total >= 20 {
            // Down at once; up again only after half a minute without drops, so a machine at its edge does not
            // start and stop workers every few seconds.
            if Double(windowDropped) > 0.1 * Double(total) {
                keepsUp = false
                cleanWindows = 0
            } else {
                cleanWindows += 1
                if cleanWindows >= 15 { keepsUp = true }
            }
        }
        windowStart = now; windowShown = 0; windowDropped = 0
    }
}
