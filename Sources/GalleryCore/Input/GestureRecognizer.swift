import Foundation

/// Turns presses, moves and releases of the mouse and of fingers into what rooms understand (`PointerInput`): a
/// press that does not move is a click (a second one soon after, near it, a double click); one held still is a long
/// press; one that moves is a drag, and a quick sideways drag also a swipe; two fingers pinch. Pure: the app feeds
/// it events with their times and calls `poll` each frame (a long press fires while the finger rests).
public struct GestureRecognizer {
    public struct Tuning: Equatable {
        /// A press becomes a drag once it moves this far (logical pixels).
        public var dragThreshold = 8.0
        public var longPress = 0.55
        public var doubleClickTime = 0.35
        public var doubleClickDistance = 30.0
        /// A swipe: at least this far sideways, mostly sideways, within this long.
        public var swipeDistance = 60.0
        public var swipeTime = 0.6
        /// A swipe that begins this close to the left or right edge is an edge swipe (Back).
        public var edgeWidth = 28.0
        public init() {}
    }

    public var tuning = Tuning()
    /// The window's width, for edge swipes.
    public var windowWidth = 0

    private struct Press {
        var startX, startY, startTime: Double
        var x, y: Double
        var dragging = false
        var longPressed = false
    }

    private var touches: [Int64: (x: Double, y: Double)] = [:]
    private var press: (id: Int64, state: Press)?
    private var pinchDistance: Double?
    private var lastClick: (x: Double, y: Double, time: Double)?

    public init() {}

    /// Whether a press, a drag or a pinch is under way.
    public var isActive: Bool { press != nil || pinchDistance != nil }

    /// A button or finger went down at (x, y).
    public mutating func down(id: Int64, x: Double, y: Double, time: Double) -> [PointerInput] {
        // Ten fingers at most: a device that never reports lifting one cannot grow this without end.
        guard touches[id] != nil || touches.count < 10 else { return [] }
        touches[id] = (x, y)
        if touches.count == 2 {
            // A second finger: whatever the first one did ends, and the two pinch.
            var out: [PointerInput] = []
            if press?.state.dragging == true { out.append(.endDrag(time: time)) }
            press = nil
            pinchDistance = currentSpread()
            return out
        }
        guard touches.count == 1 else { return [] }
        press = (id, Press(startX: x, startY: y, startTime: time, x: x, y: y))
        return []
    }

    public mutating func move(id: Int64, x: Double, y: Double, time: Double) -> [PointerInput] {
        guard touches[id] != nil else { return [] }
        touches[id] = (x, y)
        if let last = pinchDistance, touches.count >= 2 {
            guard let now = currentSpread(), last > 0, now > 0 else { return [] }
            pinchDistance = now
            let c = centre()
            return [.pinch(scale: now / last, x: Int(c.x), y: Int(c.y))]
        }
        guard var (pressID, p) = press, pressID == id, !p.longPressed else { return [] }
        var out: [PointerInput] = []
        if !p.dragging {
            guard hypot(x - p.startX, y - p.startY) >= tuning.dragThreshold else { return [] }
            p.dragging = true
            out.append(.beginDrag(x: Int(p.startX), y: Int(p.startY), time: time))
            out.append(.drag(dx: x - p.startX, dy: y - p.startY, time: time))
        } else {
            out.append(.drag(dx: x - p.x, dy: y - p.y, time: time))
        }
        p.x = x; p.y = y
        pressID = id
        press = (pressID, p)
        return out
    }

    public mutating func up(id: Int64, x: Double, y: Double, time: Double) -> [PointerInput] {
        guard touches.removeValue(forKey: id) != nil else { return [] }
        if pinchDistance != nil {
            // The pinch ends with its first finger up; the other finger does nothing more until it lifts.
            if touches.isEmpty { pinchDistance = nil }
            return []
        }
        guard let (pressID, p) = press, pressID == id else { return [] }
        press = nil
        if p.longPressed { return [] }
        if p.dragging {
            var out: [PointerInput] = [.endDrag(time: time)]
            let dx = x - p.startX, dy = y - p.startY
            if abs(dx) >= tuning.swipeDistance, abs(dx) >= 1.5 * abs(dy), time - p.startTime <= tuning.swipeTime {
                let edge = p.startX <= tuning.edgeWidth
                    || (windowWidth > 0 && p.startX >= Double(windowWidth) - tuning.edgeWidth)
                out.append(.swipe(dx: dx, dy: dy, fromEdge: edge))
            }
            return out
        }
        if let last = lastClick, time - last.time <= tuning.doubleClickTime,
           hypot(x - last.x, y - last.y) <= tuning.doubleClickDistance {
            lastClick = nil
            return [.doubleClick(x: Int(x), y: Int(y))]
        }
        lastClick = (x, y, time)
        return [.click(x: Int(x), y: Int(y))]
    }

    /// Time passes: a press held still long enough is a long press (once).
    public mutating func poll(time: Double) -> [PointerInput] {
        guard var (id, p) = press, !p.dragging, !p.longPressed, time - p.startTime >= tuning.longPress else { return [] }
        p.longPressed = true
        press = (id, p)
        return [.longPress(x: Int(p.x), y: Int(p.y))]
    }

    /// Everything is let go (the window lost focus, a touch was cancelled).
    public mutating func cancel(time: Double) -> [PointerInput] {
        let wasDragging = press?.state.dragging == true
        touches.removeAll(); press = nil; pinchDistance = nil
        return wasDragging ? [.endDrag(time: time)] : []
    }

    private func currentSpread() -> Double? {
        let points = Array(touches.values.prefix(2))
        guard points.count == 2 else { return nil }
        return hypot(points[0].x - points[1].x, points[0].y - points[1].y)
    }

    private func centre() -> (x: Double, y: Double) {
        let points = Array(touches.values.prefix(2))
        return ((points[0].x + points[1].x) / 2, (points[0].y + points[1].y) / 2)
    }
}
