import Foundation
import GalleryCore

/// A frame for the remotes' tests (the HTTP server's and the MQTT bridge's): it records the commands it is asked to
/// perform and answers on a queue of its own (as the app answers on its main thread); a test changes its state to
/// make it call its observer. It can refuse a command, show a picture of the test's, never reply, or take
/// screenshots as the test says.
final class FakeFrameControl: FrameControl, @unchecked Sendable {  // everything mutable is behind `condition`
    private let condition = NSCondition()
    private var current: FrameState
    private var commands: [Command] = []
    private var observers: [@Sendable (FrameState) -> Void] = []
    private var sides: [Int] = []
    private var screenshotsTaken = 0
    /// Takes its screenshots (nil: it takes none, as a frame without a screen): the request, how many were asked
    /// so far (this one included) and the reply; called on the asker's thread.
    typealias Screenshots = @Sendable (ScreenshotRequest, Int, @escaping @Sendable (Result<Screenshot, ScreenshotRefusal>) -> Void) -> Void
    private let screenshots: Screenshots?
    private let main = DispatchQueue(label: "fake-frame-main")
    /// Commands it refuses, with why.
    var refusals: [Command: String] = [:]
    /// The picture it shows (nil: a JPEG of the photo's id, `jpeg(for:)`).
    var picture: PictureShown?
    /// Never replies (a hung frame).
    var silent = false

    var pictureRequests: Int { condition.lock(); defer { condition.unlock() }; return sides.count }
    var sidesAsked: [Int] { condition.lock(); defer { condition.unlock() }; return sides }

    /// Screenshots asked of it.
    var screenshotsAsked: Int { condition.lock(); defer { condition.unlock() }; return screenshotsTaken }

    init(state: FrameState = FakeFrameControl.sampleState(), screenshots: Screenshots? = nil) {
        current = state
        self.screenshots = screenshots
    }

    /// A state as the app would make it: a slideshow showing photo p1.
    static func sampleState(photoID: String = "p1", caption: String? = "Beach, 2021") -> FrameState {
        let caption = caption.map { "\"caption\": \"\($0)\"," } ?? ""
        let json = """
            {"version": "1.0", "name": "Kitchen", "screen": "slideshow", "mode": "slideshow", "paused": false,
             "photo": {"id": "\(photoID)", "author": "Ann", \(caption) "width": 800, "height": 600,
                       "kind": "photo", "index": 0},
             "photos": 12, "display": "on", "source": {"name": "demo", "title": "Demo"}, "online": true,
             "interval": 8}
            """
        return try! JSONDecoder().decode(FrameState.self, from: Data(json.utf8))
    }

    /// The JPEG the fake "shows" for a photo: a JPEG's markers around the photo's id, enough to tell them apart.
    static func jpeg(for photoID: String) -> Data {
        Data([0xff, 0xd8, 0xff, 0xe0]) + Data(photoID.utf8) + Data([0, 1, 2, 0xff, 0xd9])
    }

    var state: FrameState { condition.lock(); defer { condition.unlock() }; return current }
    var performed: [Command] { condition.lock(); defer { condition.unlock() }; return commands }

    /// Waits for `done` over the commands performed so far, or the deadline; whether it held.
    func waitForCommands(seconds: Double = 10, _ done: ([Command]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !done(commands) {
            if !condition.wait(until: deadline) { return done(commands) }
        }
        return true
    }

    /// Changes the state and tells the observers, as the app does after a command or a tick.
    func change(_ edit: (inout FrameState) -> Void) {
        condition.lock()
        edit(&current)
        let state = current, observers = self.observers
        condition.unlock()
        main.async { for observer in observers { observer(state) } }
    }

    func state(reply: @escaping @Sendable (FrameState) -> Void) {
        let state = self.state
        guard !silent else { return }
        main.async { reply(state) }
    }

    func perform(_ command: Command, reply: @escaping @Sendable (Result<FrameState, CommandRefusal>) -> Void) {
        condition.lock()
        commands.append(command)
        let refusal = refusals[command]
        if refusal == nil {
            switch command {
            case .setPaused(let paused): current.paused = paused
            case .setInterval(let seconds): current.interval = seconds
            default: break
            }
        }
        let state = current, silent = self.silent
        condition.broadcast()
        condition.unlock()
        guard !silent else { return }
        main.async { reply(refusal.map { .failure(CommandRefusal($0)) } ?? .success(state)) }
    }

    func picture(maxSide: Int, reply: @escaping @Sendable (PictureShown?) -> Void) {
        condition.lock()
        sides.append(maxSide)
        let shown = picture ?? current.photo.map { PictureShown(photoID: $0.id, jpeg: FakeFrameControl.jpeg(for: $0.id)) }
        let silent = self.silent
        condition.unlock()
        guard !silent else { return }
        main.async { reply(shown) }
    }

    func observe(_ changed: @escaping @Sendable (FrameState) -> Void) {
        condition.lock()
        observers.append(changed)
        condition.unlock()
    }

    func screenshot(_ request: ScreenshotRequest, reply: @escaping @Sendable (Result<Screenshot, ScreenshotRefusal>) -> Void) {
        condition.lock()
        screenshotsTaken += 1
        let asked = screenshotsTaken
        condition.unlock()
        guard let screenshots else {
            return reply(.failure(ScreenshotRefusal("this frame takes no screenshots", kind: .failed)))
        }
        screenshots(request, asked, reply)
    }
}

/// Log lines a test can read and wait on (the bridge logs from its own queue).
final class LogLines: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    var all: [String] { condition.lock(); defer { condition.unlock() }; return lines }
    func add(_ line: String) { condition.lock(); lines.append(line); condition.broadcast(); condition.unlock() }
    var sink: @Sendable (String) -> Void { { [self] line in add(line) } }

    /// Waits for a line that `matches`, or the deadline; the line.
    func first(seconds: Double = 10, where matches: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let line = lines.first(where: matches) { return line }
            if !condition.wait(until: deadline) { return lines.first(where: matches) }
        }
    }
}
