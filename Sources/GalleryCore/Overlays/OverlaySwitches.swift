import Foundation

/// Which of the frame's overlays its owner switched off (from Home Assistant, the remote page, the HTTP API: one
/// command, `Command.setOverlay`), kept across restarts as a small JSON file (`{"off": ["clock"]}`). Every overlay
/// is on unless switched off, so one installed later shows.
public struct OverlaySwitches: Equatable, Sendable {
    public private(set) var off: Set<String> = []

    /// Longest file read back; names kept at most.
    public static let maxBytes = 16 << 10
    public static let maxNames = 64

    public init(off: Set<String> = []) { self.off = off }

    /// What a kept file says; nothing usable (garbage, too large, a name that is not one): every overlay on.
    public init(data: Data?) {
        guard let data, data.count <= OverlaySwitches.maxBytes,
              let kept = try? JSONDecoder().decode([String: [String]].self, from: data),
              let names = kept["off"] else { return }
        off = Set(names.prefix(OverlaySwitches.maxNames).filter(OverlaySwitches.isName))
    }

    public func isOn(_ name: String) -> Bool { !off.contains(name) }

    /// Whether overlay `name` may be drawn in `scene`: as switched, except asleep, where only what `--night-clock`
    /// asked for draws (the clock switched off for the day must not leave the panel lit and black all night).
    public func lets(_ name: String, drawIn scene: OverlayScene) -> Bool { scene == .asleep || isOn(name) }

    /// Switches `name`; whether that changed anything.
    @discardableResult
    public mutating func set(_ name: String, on: Bool) -> Bool {
        on ? off.remove(name) != nil : off.insert(name).inserted
    }

    /// The file's bytes: the names switched off, sorted.
    public func data() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(["off": off.sorted()])) ?? Data(#"{"off":[]}"#.utf8)
    }

    /// An overlay's name as the registry writes them (`clock`, `values`): 1 to 32 of a-z, 0-9 and -.
    public static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 32
            && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
