import Foundation

/// The house's values on the frame (`--show-value`): one line a value, stacked in a corner of the slideshow (and a
/// kiosk's wall), each as its template says once its topic has said something. It reads the board at most
/// `refreshSeconds` apart, so however fast a topic publishes, it redraws at most that often, with the latest.
public final class HouseValueOverlay: OverlayModel {
    /// Between two looks at the board: a value shows within this (and the loop's tick) of its message.
    public static let refreshSeconds = 0.25
    /// Off the window's edges, as the frame's clock.
    public static let inset = 32

    public let traits: OverlayTraits
    public let board: HouseValueBoard
    /// The lines shown now, in the order of `--show-value` (a value not heard yet has none); a stale one ends with
    /// what `HouseValueStaleness` says.
    public private(set) var lines: [String] = []
    /// Whether each of `lines` is stale (drawn dimmer).
    public private(set) var stale: [Bool] = []
    private var seen: Int?
    /// The values as their templates fill them, by topic, for the board's generation `seen`.
    private var filled: [(topic: String, text: String)] = []

    public init(board: HouseValueBoard, corner: ClockCorner = .topLeft) {
        self.board = board
        let spot: OverlayPlacement.Spot
        switch corner {
        case .topLeft: spot = .topLeft
        case .topRight: spot = .topRight
        case .bottomLeft: spot = .bottomLeft
        case .bottomRight: spot = .bottomRight
        }
        traits = OverlayTraits(placement: OverlayPlacement(spot, inset: HouseValueOverlay.inset),
                               scenes: [.slideshow, .kioskWall], refresh: .every(seconds: HouseValueOverlay.refreshSeconds))
    }

    /// The values `--show-value` asks for, if any.
    public convenience init?(config: GalleryConfig) {
        guard let board = config.houseValues, !board.lines.isEmpty else { return nil }
        self.init(board: board, corner: config.houseValueCorner)
    }

    /// Templates are filled only when a payload came; staleness is judged each time (a few lines), since time alone
    /// makes a value stale.
    public func refresh(_ context: OverlayContext) -> Bool {
        let look = board.look()
        if look.generation != seen {
            seen = look.generation
            filled = board.lines.compactMap { line in
                look.payloads[line.topic].map { (line.topic, line.template.fill($0)) }
            }
        }
        let notes = filled.map {
            HouseValueStaleness.note(age: look.ages[$0.topic] ?? 0, brokerLost: look.brokerLost, after: board.staleAfter)
        }
        let now = zip(filled, notes).map { value, note in note.map { value.text + " " + $0 } ?? value.text }
        defer { lines = now; stale = notes.map { $0 != nil } }
        return now != lines
    }

    public func shows(in gallery: GalleryModel) -> Bool {
        !lines.isEmpty && ((gallery.screen as? FrameScreen)?.showsPhoto ?? true)
    }

    public var words: String? { lines.isEmpty ? nil : lines.joined(separator: "\n") }
}
