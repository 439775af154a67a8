/// A short eased animation between hidden (0) and shown (1), such as the detail pane growing out of its cell.
/// It can be turned around at any point: the new direction starts from where it is, so it never jumps.
public struct Reveal: Equatable {
    public private(set) var progress: Double
    public private(set) var target: Double
    public let duration: Double

    public init(from progress: Double = 0, to target: Double = 1, duration: Double = 0.2) {
        self.progress = min(max(progress, 0), 1)
        self.target = target
        self.duration = max(0.001, duration)
    }

    public var isMoving: Bool { progress != target }

    /// Eased (cubic ease-out when showing, ease-in when hiding): fast at first, gentle at the end.
    public var eased: Double {
        let p = progress
        return 1 - (1 - p) * (1 - p) * (1 - p)
    }

    public mutating func turn(to newTarget: Double) { target = min(max(newTarget, 0), 1) }

    /// Advances by the real frame time, so the animation takes the same time at any frame rate.
    public mutating func step(dt: Double) {
        guard isMoving else { return }
        let delta = max(0, dt) / duration
        progress = target > progress ? min(target, progress + delta) : max(target, progress - delta)
    }
}

extension Rect {
    /// The rectangle `t` of the way from `self` to `other` (0 is self, 1 is other).
    public func interpolated(to other: Rect, _ t: Double) -> Rect {
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return Rect(x: mix(x, other.x), y: mix(y, other.y), width: mix(width, other.width), height: mix(height, other.height))
    }
}
