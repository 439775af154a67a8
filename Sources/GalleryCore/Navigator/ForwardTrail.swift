/// What Back left, for Forward to open again, as a browser's forward list: the header's → (and Alt+→ where no pane
/// history is ahead) reopens the room last left by Back, Esc or a close, newest first. Opening anything new starts
/// a new way and forgets the trail, as a browser does; a feed that starts over forgets it too (its rooms showed the
/// old feed).
public struct ForwardTrail {
    private var rooms: [Room] = []

    public init() {}

    public var isEmpty: Bool { rooms.isEmpty }

    /// A room the user left going back; only rooms that are pages of the way (`Room.isPage`) are kept.
    mutating func left(_ room: Room) {
        guard room.isPage else { return }
        rooms.removeAll { $0 === room }
        rooms.append(room)
        if rooms.count > ForwardTrail.limit { rooms.removeFirst(rooms.count - ForwardTrail.limit) }
    }

    mutating func takeLast() -> Room? { rooms.popLast() }

    mutating func forget() { rooms.removeAll() }

    /// A long session's trail stays small: nobody goes forward through more rooms than this.
    static let limit = 16
}

extension GalleryModel {
    /// Whether Forward has anywhere to go: the pane's own history ahead, else a room left by Back.
    public var canGoForward: Bool { innermost.canGoForward || !forwardTrail.isEmpty }

    /// Forward: the innermost room's own way first (the pane's next photo in its history), else the room last left
    /// by Back opens again where it was, if it still can (a pane whose photo the feed has let go cannot).
    public func goForward() {
        if innermost.canGoForward, innermost.goForward(in: self) { return }
        while let room = forwardTrail.takeLast() {
            guard room.canReopen(in: self) else { continue }
            reopening = true
            defer { reopening = false }
            if let screen = room as? Screen { push(screen) } else if let overlay = room as? Overlay { open(overlay) }
            return
        }
    }
}

extension ToolbarItem {
    /// Forward, dimmed when there is nothing to go forward to: always in its place beside Back.
    public static let forward = ToolbarItem(id: "forward", command: .historyForward, rank: 0, order: 0, needsKey: false) {
        Look(glyph: "→", label: tr("Forward"), enabled: $0.canGoForward)
    }
}
