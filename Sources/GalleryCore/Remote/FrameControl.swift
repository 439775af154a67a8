import Foundation

/// What a remote (the HTTP server, the MQTT client) asks of the running frame. Calls come from the remote's own
/// threads; the app takes each up on its main thread, where the model lives (through its mailbox, which wakes the
/// loop), and replies once the command has reached the screen: the frame drawn with it presented, or at once when
/// nothing is drawn (the display is off, the window hidden). `reply` is called on the main thread; a remote hops
/// back to its own.
public protocol FrameControl: AnyObject, Sendable {
    /// The state now.
    func state(reply: @escaping @Sendable (FrameState) -> Void)
    /// Runs a command as a key or a button would; the state after it, or why it was refused (a photo the feed does
    /// not hold, a source that is not installed, a speed off a kiosk).
    func perform(_ command: Command, reply: @escaping @Sendable (Result<FrameState, CommandRefusal>) -> Void)
    /// The photo shown, as a JPEG no larger than `maxSide` pixels a side (nil: none shows, or it cannot be made).
    func picture(maxSide: Int, reply: @escaping @Sendable (PictureShown?) -> Void)
    /// Hears the state whenever it changes (a photo, a mode, the display), at most a few times a second; on the
    /// main thread.
    func observe(_ changed: @escaping @Sendable (FrameState) -> Void)
    /// The whole screen at the next presented frame (overlays included), as asked; why not (the display off, asked
    /// again too soon).
    func screenshot(_ request: ScreenshotRequest, reply: @escaping @Sendable (Result<Screenshot, ScreenshotRefusal>) -> Void)
    /// The last `lines` lines of the frame's log, oldest first (any thread: the ring has its own lock).
    func recentLog(lines: Int) -> [LogLine]
    /// The frame's metrics in Prometheus's text format (version 0.0.4).
    func metrics(reply: @escaping @Sendable (String) -> Void)
    /// The other frames this one can see (mDNS, MQTT), itself left out.
    func frames(reply: @escaping @Sendable ([FrameSeen]) -> Void)
}

/// What a frame that has none of these answers (the tests' stand-ins for a frame).
extension FrameControl {
    public func screenshot(_ request: ScreenshotRequest,
                           reply: @escaping @Sendable (Result<Screenshot, ScreenshotRefusal>) -> Void) {
        reply(.failure(ScreenshotRefusal("this frame takes no screenshots", kind: .failed)))
    }
    public func recentLog(lines: Int) -> [LogLine] { [] }
    public func metrics(reply: @escaping @Sendable (String) -> Void) { reply("") }
    public func frames(reply: @escaping @Sendable ([FrameSeen]) -> Void) { reply([]) }
}

/// The photo shown, encoded for a remote (the page's thumbnail, Home Assistant's image entity).
public struct PictureShown: Equatable, Sendable {
    public let photoID: String
    public let jpeg: Data
    public init(photoID: String, jpeg: Data) { self.photoID = photoID; self.jpeg = jpeg }
}

/// The settings form's side of the configuration file (the remote page's settings): what can be set, its value
/// now, and saving new values (checked by the command line's own parser, written atomically). Callable from any
/// thread; the implementation serializes its writes.
public protocol FrameSettings: AnyObject, Sendable {
    /// Every field with its value now. `inUse`: the source the frame shows (from its state), which the source's
    /// fields show whatever the file or the command line said (the frame may show folders the command line named
    /// while the file says picsum, or a source the remote switched to).
    func form(inUse: FrameState.SourceShown?) -> [SettingField]
    /// Checks every value, then writes them all or none. Success says which commands apply them to the running
    /// frame now (the rest take effect at the next start).
    func save(_ values: [String: String]) -> Result<SettingsSaved, SettingsRefusal>
    /// The same, the refusal's words in `book` (the phone's language, the remote page's).
    func save(_ values: [String: String], wordsIn book: any WordBook) -> Result<SettingsSaved, SettingsRefusal>
}

extension FrameSettings {
    /// A form whose words are its own: as `save(_:)` says them.
    public func save(_ values: [String: String], wordsIn book: any WordBook) -> Result<SettingsSaved, SettingsRefusal> {
        save(values)
    }

    /// The form without the running frame's word on its source (the file's values, else the start's).
    public func form() -> [SettingField] { form(inUse: nil) }
}

/// One field of the settings form.
public struct SettingField: Codable, Equatable, Sendable {
    /// The option's long name (`interval`), as in the configuration file.
    public var name: String
    public var label: String
    /// choice, number, text, hours or flag.
    public var kind: String
    public var choices: [String]?
    /// The value in the file, else the one the frame runs with.
    public var value: String?
    /// Whether a new value applies at once (else at the next start).
    public var live: Bool
    public init(name: String, label: String, kind: String, choices: [String]? = nil, value: String? = nil,
                live: Bool) {
        self.name = name; self.label = label; self.kind = kind; self.choices = choices; self.value = value
        self.live = live
    }
}

/// Settings saved: the commands that apply the live ones now, and the names that wait for a restart.
public struct SettingsSaved: Equatable, Sendable {
    public var commands: [Command]
    public var atNextStart: [String]
    public init(commands: [Command], atNextStart: [String]) { self.commands = commands; self.atNextStart = atNextStart }
}

/// Settings refused: nothing was written. Why, by field name (an unknown name or a bad value) or for the file.
public struct SettingsRefusal: Error, Equatable, Sendable {
    public var problems: [String: String]
    public var message: String
    public init(message: String, problems: [String: String] = [:]) { self.message = message; self.problems = problems }

    /// The problems one a line ("name: why"), in the names' order, made safe for a terminal: a name comes from the
    /// file or request refused (hostile bytes), so each is cleaned (`ExternalText`) and cut.
    public var problemLines: [String] {
        problems.keys.sorted().map { name in
            "\(ExternalText.clean(name, maxCharacters: SettingsRefusal.maxNameCharacters)): "
                + ExternalText.clean(problems[name] ?? "")
        }
    }

    /// A problem's name is cut to this many characters when it is said.
    public static let maxNameCharacters = 80
}
