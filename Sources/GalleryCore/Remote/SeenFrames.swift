import Foundation

/// The other frames this one has seen (`FrameSightings`) behind a lock: the mDNS browser and the MQTT bridge tell
/// it from their threads, the remote's `GET /api/v1/frames` reads it from its own.
public final class SeenFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var sightings = FrameSightings()
    private var own: String?

    public init() {}

    /// This frame's id, left out of the list (its own announcement is heard too).
    public var ownID: String? {
        get { lock.lock(); defer { lock.unlock() }; return own }
        set { lock.lock(); own = newValue; lock.unlock() }
    }

    public func saw(_ frame: FrameSeen, way: FrameSightings.Way, key: String) {
        lock.lock(); sightings.saw(frame, way: way, key: key); lock.unlock()
    }

    public func lost(way: FrameSightings.Way, key: String) {
        lock.lock(); sightings.lost(way: way, key: key); lock.unlock()
    }

    public func forget(way: FrameSightings.Way) {
        lock.lock(); sightings.forget(way: way); lock.unlock()
    }

    /// The frames seen, itself left out.
    public func list() -> [FrameSeen] {
        lock.lock(); defer { lock.unlock() }
        return sightings.frames(excluding: own)
    }
}
