import Foundation
import GalleryCore
import RemoteControl
import TesseraBench

/// A settings form of two fields: `interval` applies at once (a command), `kiosk` at the next start; an interval
/// that is not a number is refused.
final class FakeSettings: FrameSettings, @unchecked Sendable {
    private let lock = NSLock()
    private var _saved: [[String: String]] = []
    var saved: [[String: String]] { lock.lock(); defer { lock.unlock() }; return _saved }

    private var _sourcesInUse: [FrameState.SourceShown?] = []
    /// The source in use each form was asked with.
    var sourcesInUse: [FrameState.SourceShown?] { lock.lock(); defer { lock.unlock() }; return _sourcesInUse }

    func form(inUse: FrameState.SourceShown?) -> [SettingField] {
        lock.lock(); _sourcesInUse.append(inUse); lock.unlock()
        return [SettingField(name: "interval", label: "Seconds a photo", kind: "number", value: "8", live: true),
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
