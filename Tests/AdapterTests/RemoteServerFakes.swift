import Foundation
import GalleryCore
import RemoteControl
import TesseraBench

/// A frame for the remote's tests: it records the commands it was given and replies from a queue of its own, as
/// the app replies from its main thread. It can refuse a command, show no photo, or never reply.
final class FakeFrame: FrameControl, @unchecked Sendable {  // everything mutable is behind `lock`
    private let lock = NSLock()
    private let main = DispatchQueue(label: "fake frame's main thread")
    private var _performed: [Command] = []
    private var _sides: [Int] = []
    private var _state = FakeFrame.initialState
    var picture: PictureShown?
    var refusals: [Command: String] = [:]
    /// Never replies (a hung frame).
    var silent = false

    var performed: [Command] { lock.lock(); defer { lock.unlock() }; return _performed }
    var sidesAsked: [Int] { lock.lock(); defer { lock.unlock() }; return _sides }
    var currentState: FrameState { lock.lock(); defer { lock.unlock() }; return _state }

    static let initialState: FrameState = try! JSONDecoder().decode(FrameState.self, from: Data("""
        {"version": "0.2.0", "name": "Test frame", "screen": "slideshow", "mode": "slideshow", "paused": false,
         "photo": {"id": "p1", "author": "Ada", "width": 800, "height": 600, "kind": "photo", "index": 0},
         "photos": 10, "display": "on", "source": {"name": "demo", "title": "Demo"}, "online": true, "interval": 8}
        """.utf8))

    func state(reply: @escaping @Sendable (FrameState) -> Void) {
        guard !silent else { return }
        let now = currentState
        main.async { reply(now) }
    }

    func perform(_ command: Command, reply: @escaping @Sendable (Result<FrameState, CommandRefusal>) -> Void) {
        lock.lock()
        _performed.append(command)
        let refusal = refusals[command]
        if refusal == nil {
            switch command {
            case .setPaused(let paused): _state.paused = paused
            case .setInterval(let seconds): _state.interval = seconds
            default: break
            }
        }
        let now = _state, silent = self.silent
        lock.unlock()
        guard !silent else { return }
        main.async { reply(refusal.map { .failure(CommandRefusal($0)) } ?? .success(now)) }
    }

    func picture(maxSide: Int, reply: @escaping @Sendable (PictureShown?) -> Void) {
        lock.lock(); _sides.append(maxSide); let shown = picture; lock.unlock()
        guard !silent else { return }
        main.async { reply(shown) }
    }

    func observe(_ changed: @escaping @Sendable (FrameState) -> Void) {}
}

/// A settings form of two fields: `interval` applies at once (a command), `kiosk` at the next start; an interval
/// that is not a number is refused.
final class FakeSettings: FrameSettings, @unchecked Sendable {
    private let lock = NSLock()
    private var _saved: [[String: String]] = []
    var saved: [[String: String]] { lock.lock(); defer { lock.unlock() }; return _saved }

    func form() -> [SettingField] {
        [SettingField(name: "interval", label: "Seconds a photo", kind: "number", value: "8", live: true),
         SettingField(name: "kiosk", label: "Kiosk", kind: "flag", value: "no", live: false)]
    }

    func save(_ values: [String: String]) -> Result<SettingsSaved, SettingsRefusal> {
        var commands: [Command] = []
        if let interval = values["interval"] {
            guard let seconds = Double(interval) else {
                return .failure(SettingsRefusal(message: "one setting is wrong", problems: ["interval": "not a number"]))
            }
            commands.append(.setInterval(seconds))
        }
        lock.lock(); _saved.append(values); lock.unlock()
        return .success(SettingsSaved(commands: commands, atNextStart: values.keys.filter { $0 == "kiosk" }))
    }
}

/// A clock the test moves by hand.
final class HandClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 1000.0
    var now: Double { lock.lock(); defer { lock.unlock() }; return seconds }
    func advance(_ by: Double) { lock.lock(); seconds += by; lock.unlock() }
}

/// Lines the server logged.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var _lines: [String] = []
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return _lines }
    func add(_ line: String) { lock.lock(); _lines.append(line); lock.unlock() }
}
