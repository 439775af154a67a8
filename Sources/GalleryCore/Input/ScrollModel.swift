import Foundation

/// Scrolling physics in content pixels: wheel and keys glide to a target (no whole-row jumps), a drag follows the
/// pointer exactly and a release flings with friction. Offsets are clamped to the content; the feed grows under it.
public struct ScrollModel {
    public struct Tuning: Equatable {
        /// How fast an animated scroll closes on its target: the remaining distance shrinks by e^(−rate·t).
        public var glideRate: Double = 16
        /// Fling friction: velocity shrinks by e^(−friction·t).
        public var friction: Double = 3.5
        /// Below this speed (px/s) a fling stops.
        public var minFlingSpeed: Double = 30
        public var maxFlingSpeed: Double = 12_000
        /// Drag samples older than this (s) do not count toward the release velocity.
        public var velocityWindow: Double = 0.1
        public init() {}
    }

    public var tuning = Tuning()
    public private(set) var offset: Double = 0
    public private(set) var target: Double = 0
    public private(set) var velocity: Double = 0
    public private(set) var isDragging = false
    public private(set) var contentHeight: Double = 0
    public private(set) var viewportHeight: Double = 0
    private var samples: [(time: Double, offset: Double)] = []

    public init() {}

    public var maxOffset: Double { max(0, contentHeight - viewportHeight) }
    public var isMoving: Bool { isDragging || velocity != 0 || abs(target - offset) >= 0.5 }
    /// +1 scrolling down, −1 up, 0 at rest: decides where to prefetch.
    public var direction: Int {
        let d = velocity != 0 ? velocity : target - offset
        return d > 0.5 ? 1 : (d < -0.5 ? -1 : 0)
    }

    public mutating func setBounds(contentHeight: Double, viewportHeight: Double) {
        self.contentHeight = max(0, contentHeight)
        self.viewportHeight = max(0, viewportHeight)
        target = clamp(target)
        offset = clamp(offset)
    }

    /// Animated relative scroll (wheel, arrow keys, page keys). Successive calls accumulate on the target.
    public mutating func scroll(by delta: Double) {
        velocity = 0
        target = clamp(target + delta)
    }

    /// Animated absolute scroll (Home/End).
    public mutating func scroll(to position: Double) {
        velocity = 0
        target = clamp(position)
    }

    /// Moves at once, without animation (resize anchoring, restoring a position).
    public mutating func set(offset position: Double) {
        velocity = 0
        offset = clamp(position)
        target = offset
    }

    /// The content above moved up by `dy` (items dropped from the front): offset, target and a drag's samples move
    /// with it, so a glide or a fling carries on as if nothing happened.
    public mutating func contentMovedUp(by dy: Double) {
        guard dy != 0 else { return }
        contentHeight = max(0, contentHeight - dy)
        offset = max(0, offset - dy)
        target = max(0, target - dy)
        samples = samples.map { ($0.time, $0.offset - dy) }
    }

    public mutating func beginDrag(at time: Double) {
        isDragging = true
        velocity = 0
        target = offset
        samples = [(time, offset)]
    }

    /// The pointer moved by `dy` (down is positive), which moves the content with it: the offset decreases.
    public mutating func drag(by dy: Double, at time: Double) {
        guard isDragging else { return }
        offset = clamp(offset - dy)
        target = offset
        samples.append((time, offset))
        samples.removeAll { time - $0.time > tuning.velocityWindow }
    }

    public mutating func endDrag(at time: Double) {
        guard isDragging else { return }
        isDragging = false
        samples.removeAll { time - $0.time > tuning.velocityWindow }
        if let first = samples.first, let last = samples.last, last.time - first.time > 0.001 {
            let v = (last.offset - first.offset) / (last.time - first.time)
            velocity = abs(v) >= tuning.minFlingSpeed ? min(max(v, -tuning.maxFlingSpeed), tuning.maxFlingSpeed) : 0
        }
        samples.removeAll()
    }

    /// Stops any motion where it is.
    public mutating func stop() {
        velocity = 0
        target = offset
    }

    /// Advances the animation by `dt` seconds.
    public mutating func step(dt: Double) {
        guard !isDragging, dt > 0 else { return }
        if velocity != 0 {
            offset = clamp(offset + velocity * dt)
            velocity *= exp(-tuning.friction * dt)
            if abs(velocity) < tuning.minFlingSpeed || offset == 0 || offset == maxOffset { velocity = 0 }
            target = offset
            return
        }
        let remaining = target - offset
        if abs(remaining) < 0.5 {
            offset = target
        } else {
            offset += remaining * (1 - exp(-tuning.glideRate * dt))
        }
    }

    private func clamp(_ value: Double) -> Double { min(max(0, value), maxOffset) }
}
