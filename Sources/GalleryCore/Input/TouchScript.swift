/// A finger gesture as timed touch events, for automation to inject into the real app (`--script tap:640:400`):
/// what a person's fingers would send, so UI tests exercise the same path as a touch screen. Window coordinates.
public struct TouchScript: Equatable {
    public enum Phase: Equatable { case down, move, up }

    public struct Event: Equatable {
        /// Seconds after the gesture starts.
        public let at: Double
        public let phase: Phase
        public let finger: Int64
        public let x: Double
        public let y: Double
    }

    public let name: String
    public let events: [Event]

    /// Seconds from the first event to the last.
    public var duration: Double { events.last?.at ?? 0 }

    /// `tap:X:Y`, `doubletap:X:Y`, `longpress:X:Y`, `drag:X1:Y1:X2:Y2` (a finger moved over 0.3 s and let go: a fling),
    /// `swipe:X1:Y1:X2:Y2` (the same in 0.12 s), `pinch:X:Y:SCALE` (two fingers 200 px apart around (X, Y) spread
    /// to SCALE times that).
    public init?(name: String) {
        let parts = name.split(separator: ":").map(String.init)
        guard let kind = parts.first else { return nil }
        let numbers = parts.dropFirst().compactMap(Double.init)
        guard numbers.count == parts.count - 1, numbers.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }) else { return nil }
        self.name = kind
        switch (kind, numbers.count) {
        case ("tap", 2): events = TouchScript.tap(numbers[0], numbers[1], at: 0)
        case ("doubletap", 2):
            events = TouchScript.tap(numbers[0], numbers[1], at: 0) + TouchScript.tap(numbers[0], numbers[1], at: 0.15)
        case ("longpress", 2):
            events = [Event(at: 0, phase: .down, finger: 1, x: numbers[0], y: numbers[1]),
                      Event(at: 0.9, phase: .up, finger: 1, x: numbers[0], y: numbers[1])]
        case ("drag", 4): events = TouchScript.stroke(numbers, over: 0.3)
        case ("swipe", 4): events = TouchScript.stroke(numbers, over: 0.12)
        case ("pinch", 3):
            guard numbers[2] > 0, numbers[2] <= 20 else { return nil }
            events = TouchScript.pinch(x: numbers[0], y: numbers[1], scale: numbers[2])
        default: return nil
        }
    }

    private static func tap(_ x: Double, _ y: Double, at t: Double) -> [Event] {
        [Event(at: t, phase: .down, finger: 1, x: x, y: y), Event(at: t + 0.05, phase: .up, finger: 1, x: x, y: y)]
    }

    /// One finger from (x1, y1) to (x2, y2) in ten moves.
    private static func stroke(_ n: [Double], over seconds: Double) -> [Event] {
        var events = [Event(at: 0, phase: .down, finger: 1, x: n[0], y: n[1])]
        for i in 1...10 {
            let f = Double(i) / 10
            events.append(Event(at: seconds * f, phase: .move, finger: 1, x: n[0] + (n[2] - n[0]) * f,
                                y: n[1] + (n[3] - n[1]) * f))
        }
        events.append(Event(at: seconds + 0.01, phase: .up, finger: 1, x: n[2], y: n[3]))
        return events
    }

    private static func pinch(x: Double, y: Double, scale: Double) -> [Event] {
        let start = 100.0
        var events = [Event(at: 0, phase: .down, finger: 1, x: x - start, y: y),
                      Event(at: 0.02, phase: .down, finger: 2, x: x + start, y: y)]
        for i in 1...8 {
            let half = start * (1 + (scale - 1) * Double(i) / 8)
            let t = 0.02 + 0.3 * Double(i) / 8
            events.append(Event(at: t, phase: .move, finger: 1, x: x - half, y: y))
            events.append(Event(at: t, phase: .move, finger: 2, x: x + half, y: y))
        }
        events.append(Event(at: 0.35, phase: .up, finger: 1, x: x - start * scale, y: y))
        events.append(Event(at: 0.36, phase: .up, finger: 2, x: x + start * scale, y: y))
        return events
    }
}
