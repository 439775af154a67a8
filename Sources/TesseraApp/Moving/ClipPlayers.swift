import Foundation
import GalleryCore
import MediaWorkers
import SDLKit

/// The moving pictures playing now: one `MediaPlayer` (a worker process of its own) per play request the rooms
/// make, its newest frame uploaded each frame into a streaming texture of the size drawn, which the image pipeline
/// hands out in place of the poster (`ImagePipeline.texture(for:)`). A clip that cannot play is remembered, so its
/// poster stays with "cannot play" rather than a worker being started for it on every frame. Main thread only.
@_spi(Bench) public final class ClipPlayers {
    private struct Playing {
        let request: PlayRequest
        let size: PixelSize
        let player: MediaPlayer
        var texture: Texture?
        /// The last seek done (`PlayRequest.Seek.id`).
        var seekID: Int?
        /// A frame of it has been uploaded (until then the poster shows).
        var hasFrame = false
    }

    private var playing: [ImageKey: Playing] = [:]
    /// Moving pictures that cannot play, and why, by photo (a few hundred at most): for good when the clip was
    /// refused, for a minute when its worker crashed or timed out (a server that was slow once).
    private var failed: [String: (why: String, retryAt: Double?)] = [:]
    private var now = 0.0
    static let retryAfter = 60.0
    private let location: (Photo) -> MediaLocation?
    private let wake: @Sendable () -> Void
    private let limits: MediaLimits
    /// Frames shown and dropped by the players since `windowStart`: a machine dropping more than one in ten plays
    /// fewer clips on the wall (`keepsUp`).
    private var windowStart = 0.0, windowShown = 0, windowDropped = 0, cleanWindows = 0
    private var counted: [ImageKey: (shown: Int, dropped: Int)] = [:]
    @_spi(Bench) public private(set) var keepsUp = true
    /// Frames uploaded since the start, and players started (for tests and the benchmark).
    @_spi(Bench) public private(set) var framesUploaded = 0, started = 0
    /// Frames the players stopped so far had shown and dropped (`frameCounts`).
    private var retiredShown = 0, retiredDropped = 0

    /// `location`: where the shown source plays a photo's motion from; `wake`: called from a player's thread when a
    /// frame or news arrives.
    /// `hardware`: the decoder asked for (`GalleryConfig.hardwareDecoding`).
    init(location: @escaping (Photo) -> MediaLocation?, limits: MediaLimits = .standard, hardware: String = "none",
         wake: @escaping @Sendable () -> Void) {
        self.location = location; self.limits = limits; self.hardware = hardware; self.wake = wake
    }
    private let hardware: String

    @_spi(Bench) public var count: Int { playing.count }

    /// Frames the workers have shown (written into a slot) and dropped (no free slot, or late) since the start, the
    /// players stopped since included; as recent as each worker's last report (every `PlayerLoop.reportEvery`).
    @_spi(Bench) public var frameCounts: (shown: Int, dropped: Int) {
        playing.values.reduce((retiredShown, retiredDropped)) { ($0.0 + $1.player.shownFrames, $0.1 + $1.player.droppedFrames) }
    }

    /// Players whose clip, played once, has reached its end.
    @_spi(Bench) public var endedCount: Int { playing.values.filter { $0.player.hasEnded }.count }

    /// The players' worker processes, for the benchmark's memory figures.
    @_spi(Bench) public var workerProcessIDs: [Int32] { playing.values.compactMap { $0.player.workerProcessID } }
    var textureBytes: Int { playing.values.reduce(0) { $0 + ($1.texture?.byteCount ?? 0) } }

    /// Follows what the rooms ask to play: starts players for new requests, stops those no longer asked for, and
    /// passes pause and seek on.
    func update(_ requests: [PlayRequest], scale: Double, now: Double) {
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
        let player = MediaPlayer(location: place, width: size.width, height: size.height, loops: request.loops,
                                 start: position, limits: limits, hardware: hardware, sound: request.sound, wake: wake)
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
        counted[key] = nil
    }

    func stopAll() { for key in Array(playing.keys) { stop(key) } }

    private func noteFailure(_ photoID: String, _ why: String, transient: Bool) {
        if failed.count >= 500 { failed.removeAll() }
        if failed[photoID] == nil { Log.info("a moving picture does not play (\(why)): its poster stays") }
        failed[photoID] = (why, transient ? now + ClipPlayers.retryAfter : nil)
    }

    /// Whether a player's failure may pass (its worker crashed or hung, not the clip refused).
    private static func isTransient(_ failure: MediaRefusal) -> Bool {
        guard case .cannotPlay(let why) = failure else { return false }
        return why.contains("crashed") || why.contains("timed out")
    }

    /// Takes each player's newest frame into its texture; whether any changed.
    func upload(to renderer: Renderer) -> Bool {
        var changed = false
        for (key, var entry) in playing {
            if let failure = entry.player.failure {
                noteFailure(entry.request.photo.id, "\(failure)", transient: ClipPlayers.isTransient(failure))
                stop(key)
                changed = true
                continue
            }
            let size = entry.size
            if entry.texture == nil {
                entry.texture = try? Texture(renderer: renderer, streamingWidth: size.width, height: size.height)
            }
            guard let texture = entry.texture else { continue }
            var uploaded = false
            _ = entry.player.takeFrame { pixels, pitch in uploaded = (try? texture.update(pixels: pixels, pitch: pitch)) != nil }
            if uploaded { framesUploaded += 1; changed = true; entry.hasFrame = true }
            playing[key] = entry
        }
        return changed
    }

    /// The clip's current frame for an image the pipeline would otherwise draw from its poster.
    func texture(for key: ImageKey) -> Texture? {
        guard let entry = playing[key], entry.hasFrame else { return nil }
        return entry.texture
    }

    /// Whether a playing clip has drawn a frame at least `seconds` in (automation's `await-clip:`).
    func hasShown(past seconds: Double) -> Bool {
        playing.values.contains { $0.hasFrame && $0.player.position >= seconds }
    }

    /// How a photo's moving picture stands (the large one first: what the pane or slideshow plays).
    func progress(of item: ItemKey) -> ClipProgress? {
        if let failure = failed[item.photoID] { return ClipProgress(failure: failure.why) }
        guard let entry = playing[ImageKey(item: item, detail: true)] ?? playing[ImageKey(item: item, detail: false)]
        else { return nil }
        let p = entry.player
        return ClipProgress(position: p.position, duration: p.duration ?? entry.request.photo.motion?.duration,
                            started: entry.hasFrame, ended: p.hasEnded, paused: p.isPaused)
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
