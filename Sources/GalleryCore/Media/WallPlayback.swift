/// Which moving pictures of the wall play: at most `maxPlaying` at once, those most in view first (a clip that
/// plays keeps its place while it stays well in view, so two half-visible clips do not take turns every frame);
/// the rest stay posters. A Live Photo or motion photo plays its motion once when it comes into view (or when the
/// pointer rests on it), then rests on its still until it has left the view and comes back. When the machine does
/// not keep up (`keepsUp` false: frames over their budget) one plays at most. Pure: the app feeds it each frame.
public struct WallPlayback {
    public struct Candidate: Equatable {
        public var key: ItemKey
        public var kind: MotionKind
        /// The share of its cell on screen, 0…1.
        public var visible: Double
        /// The pointer rests on it.
        public var hovered: Bool

        public init(key: ItemKey, kind: MotionKind, visible: Double, hovered: Bool = false) {
            self.key = key; self.kind = kind; self.visible = visible; self.hovered = hovered
        }
    }

    public var maxPlaying: Int
    /// Playing ones keep playing while at least this share is in view; new ones start from `startShare`.
    public static let keepShare = 0.25, startShare = 0.6
    /// Below this share a Live Photo has left the view (its motion may play again when it comes back).
    public static let goneShare = 0.05
    /// What plays now.
    public private(set) var playing: [ItemKey] = []
    /// Live Photos and motion photos that played in this visit to the view.
    private var playedOnce: Set<ItemKey> = []
    private var hoveredBefore: ItemKey?

    public init(maxPlaying: Int) { self.maxPlaying = max(0, maxPlaying) }

    /// Chooses what plays from the cells in view. `ended`: the extras whose motion has played to its end (they rest
    /// on the still).
    public mutating func choose(_ candidates: [Candidate], ended: (ItemKey) -> Bool, keepsUp: Bool = true) -> [ItemKey] {
        let budget = keepsUp ? maxPlaying : min(1, maxPlaying)
        // A Live Photo leaves the set of those played once when it leaves the view; hovering anew replays it.
        let shares = Dictionary(candidates.map { ($0.key, $0.visible) }, uniquingKeysWith: max)
        playedOnce = playedOnce.filter { (shares[$0] ?? 0) > WallPlayback.goneShare }
        let hovered = candidates.first { $0.hovered }?.key
        if let hovered, hovered != hoveredBefore { playedOnce.remove(hovered) }
        hoveredBefore = hovered
        for c in candidates where c.kind.isExtra && playing.contains(c.key) && ended(c.key) { playedOnce.insert(c.key) }

        let eligible = candidates.filter { c in
            guard !(c.kind.isExtra && playedOnce.contains(c.key)) else { return false }
            return c.visible >= (playing.contains(c.key) ? WallPlayback.keepShare : WallPlayback.startShare)
                || (c.hovered && c.visible > 0)
        }
        // The pointer's choice first, then those already playing, then the most in view (earlier cells on ties).
        let ranked = eligible.enumerated().sorted { a, b in
            let x = a.element, y = b.element
            if x.hovered != y.hovered { return x.hovered }
            let px = playing.contains(x.key), py = playing.contains(y.key)
            if px != py { return px }
            if x.visible != y.visible { return x.visible > y.visible }
            return a.offset < b.offset
        }
        playing = ranked.prefix(budget).map(\.element.key)
        return playing
    }
}
