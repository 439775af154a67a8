/// One line between the app and a media worker process (`tessera media-worker …`): a request to the service worker,
/// a command to a player worker, or an answer from either. A line is words separated by single spaces, each word
/// percent-escaped (space, `%`, control bytes and anything above ASCII), ended by "\n" and at most
/// `MediaWireMessage.maxLineBytes` long. Parsing is strict: an unknown word, a missing or extra argument, a number
/// that is not one, or a size out of range gives nil, and the side that reads it treats the other as broken.
public enum MediaWireMessage: Equatable, Sendable {
    // Requests to the service worker.
    /// What the header says, or why it is refused.
    case probe(MediaLocation)
    /// One upright BGRA frame of exactly `width`x`height` into the shared buffer.
    case poster(MediaLocation, width: Int, height: Int)

    // Commands to a player worker.
    case pause, play, seek(Double), quit
    /// The app has uploaded the frame in `slot`; the worker may write there again.
    case release(slot: Int)
    /// Test hook: the worker stops answering (honoured only when `TESSERA_MEDIA_TEST_HOOKS=1` in its environment).
    case stall

    // Answers.
    case info(MediaInfo)
    case refused(MediaRefusal)
    /// The poster is in the shared buffer, rows `pitch` bytes apart.
    case posterReady(width: Int, height: Int, pitch: Int)
    /// A frame at `pts` seconds is in `slot`, laid out as `layout` (BGRA unless the player was asked for planes).
    case frame(slot: Int, pts: Double, layout: FrameLayout = .bgra)
    /// Where a player is: `duration` nil when unknown, `ended` once a clip played once has reached its end.
    case state(position: Double, duration: Double?, ended: Bool)
    /// Frames a player has shown and dropped (no free slot, or too late).
    case stats(shown: Int, dropped: Int)

    /// Longest line either side writes or accepts, "\n" included (a URL with its headers fits).
    public static let maxLineBytes = 16 << 10
    /// Largest frame side a request may name (the worker maps `width * height * 4` bytes for it).
    public static let maxSide = 16384

    /// The line to write, "\n" included.
    public var line: String { words.map(Self.escape).joined(separator: " ") + "\n" }

    /// The message `line` (without or with its "\n") carries, or nil when it is not one.
    public init?(line: Substring) {
        var text = line
        if text.last == "\n" { text = text.dropLast() }
        guard text.utf8.count < Self.maxLineBytes, !text.isEmpty else { return nil }
        var words: [String] = []
        for raw in text.split(separator: " ", omittingEmptySubsequences: false) {
            guard let word = Self.unescape(raw) else { return nil }
            words.append(word)
        }
        guard let message = Self.parse(words) else { return nil }
        self = message
    }

    public init?(line: String) { self.init(line: Substring(line)) }

    // MARK: - Words

    private var words: [String] {
        switch self {
        case .probe(let location): return ["probe"] + Self.words(of: location)
        case .poster(let location, let w, let h): return ["poster", String(w), String(h)] + Self.words(of: location)
        case .pause: return ["pause"]
        case .play: return ["play"]
        case .seek(let s): return ["seek", Self.number(s)]
        case .quit: return ["quit"]
        case .release(let slot): return ["release", String(slot)]
        case .stall: return ["stall"]
        case .info(let i):
            return ["info", String(i.width), String(i.height), String(i.rotation), i.duration.map(Self.number) ?? "-",
                    i.frameRate.map(Self.number) ?? "-", i.frameCount.map(String.init) ?? "-", i.codec,
                    i.hasSound ? "sound" : "silent"]
        case .refused(let refusal): return ["refused"] + Self.words(of: refusal)
        case .posterReady(let w, let h, let pitch): return ["poster-ready", String(w), String(h), String(pitch)]
        case .frame(let slot, let pts, let layout):
            return ["frame", String(slot), Self.number(pts)] + (layout == .bgra ? [] : [layout.rawValue])
        case .state(let position, let duration, let ended):
            return ["state", Self.number(position), duration.map(Self.number) ?? "-", ended ? "ended" : "going"]
        case .stats(let shown, let dropped): return ["stats", String(shown), String(dropped)]
        }
    }

    private static func parse(_ w: [String]) -> MediaWireMessage? {
        guard let verb = w.first else { return nil }
        let args = Array(w.dropFirst())
        switch (verb, args.count) {
        case ("probe", _): return location(args).map { .probe($0) }
        case ("poster", 2...):
            guard let width = side(args[0]), let height = side(args[1]), let place = location(Array(args.dropFirst(2)))
            else { return nil }
            return .poster(place, width: width, height: height)
        case ("pause", 0): return .pause
        case ("play", 0): return .play
        case ("quit", 0): return .quit
        case ("stall", 0): return .stall
        case ("seek", 1): return seconds(args[0]).map { .seek($0) }
        case ("release", 1): return count(args[0]).map { .release(slot: $0) }
        case ("info", 8):
            guard let width = count(args[0]), let height = count(args[1]), let rotation = count(args[2]),
                  [0, 90, 180, 270].contains(rotation), let duration = optional(args[3], seconds),
                  let rate = optional(args[4], seconds), let frames = optional(args[5], count), !args[6].isEmpty,
                  args[7] == "sound" || args[7] == "silent" else { return nil }
            return .info(MediaInfo(width: width, height: height, rotation: rotation, duration: duration, frameRate: rate,
                                   frameCount: frames, codec: args[6], hasSound: args[7] == "sound"))
        case ("refused", 1...): return refusal(args).map { .refused($0) }
        case ("poster-ready", 3):
            guard let width = side(args[0]), let height = side(args[1]), let pitch = count(args[2]), pitch >= width * 4
            else { return nil }
            return .posterReady(width: width, height: height, pitch: pitch)
        case ("frame", 2...3):
            guard let slot = count(args[0]), let pts = seconds(args[1]),
                  let layout = args.count == 3 ? FrameLayout(rawValue: args[2]) : .bgra else { return nil }
            return .frame(slot: slot, pts: pts, layout: layout)
        case ("state", 3):
            guard let position = seconds(args[0]), let duration = optional(args[1], seconds),
                  args[2] == "ended" || args[2] == "going" else { return nil }
            return .state(position: position, duration: duration, ended: args[2] == "ended")
        case ("stats", 2):
            guard let shown = count(args[0]), let dropped = count(args[1]) else { return nil }
            return .stats(shown: shown, dropped: dropped)
        default: return nil
        }
    }

    // MARK: - Locations and refusals

    /// `file PATH OFFSET LENGTH|-` or `url URL HEADER…`.
    public static func words(of location: MediaLocation) -> [String] {
        switch location.place {
        case .file(let path): return ["file", path, String(location.offset), location.length.map(String.init) ?? "-"]
        case .url(let url): return ["url", url] + location.headers
        }
    }

    /// The location `words` name, or nil.
    public static func location(_ words: [String]) -> MediaLocation? {
        guard words.count >= 2, !words[1].isEmpty else { return nil }
        switch words[0] {
        case "file":
            guard words.count == 4, let offset = Int64(words[2]), offset >= 0,
                  let length = optional(words[3], { Int64($0).flatMap { $0 > 0 ? $0 : nil } }) else { return nil }
            return MediaLocation(file: words[1], offset: offset, length: length)
        case "url":
            let headers = Array(words.dropFirst(2))
            // A header is one "Name: value" line: a line break in one would smuggle another header or request.
            guard headers.allSatisfy({ $0.contains(":") && !$0.contains("\r") && !$0.contains("\n") }) else { return nil }
            return MediaLocation(url: words[1], headers: headers)
        default: return nil
        }
    }

    private static func words(of refusal: MediaRefusal) -> [String] {
        switch refusal {
        case .noPicture: return ["no-picture"]
        case .tooLarge(let w, let h): return ["too-large", String(w), String(h)]
        case .tooLong(let s): return ["too-long", number(s)]
        case .tooManyFrames(let n): return ["too-many-frames", String(n)]
        case .unknownFormat(let why): return ["unknown-format", why]
        case .cannotPlay(let why): return ["cannot-play", why]
        }
    }

    private static func refusal(_ w: [String]) -> MediaRefusal? {
        switch (w[0], w.count) {
        case ("no-picture", 1): return .noPicture
        case ("too-large", 3):
            guard let width = count(w[1]), let height = count(w[2]) else { return nil }
            return .tooLarge(width: width, height: height)
        case ("too-long", 2): return seconds(w[1]).map { .tooLong(seconds: $0) }
        case ("too-many-frames", 2): return count(w[1]).map { .tooManyFrames($0) }
        case ("unknown-format", 2): return .unknownFormat(w[1])
        case ("cannot-play", 2): return .cannotPlay(w[1])
        default: return nil
        }
    }

    // MARK: - Numbers and escapes

    private static func number(_ value: Double) -> String { value.isFinite ? String(value) : "0" }
    private static func count(_ word: String) -> Int? {
        guard word.utf8.count <= 18, word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(word) else { return nil }
        return n
    }
    private static func side(_ word: String) -> Int? { count(word).flatMap { $0 >= 1 && $0 <= maxSide ? $0 : nil } }
    private static func seconds(_ word: String) -> Double? {
        // A length no clip has (a header's 2^63 ticks) is held at a billion seconds, so arithmetic on it stays sane.
        guard word.utf8.count <= 32, let value = Double(word), value.isFinite, value >= 0 else { return nil }
        return min(value, 1e9)
    }
    private static func optional<T>(_ word: String, _ parse: (String) -> T?) -> T?? {
        if word == "-" { return .some(nil) }
        guard let value = parse(word) else { return nil }
        return .some(value)
    }

    static func escape(_ word: String) -> String {
        if word.isEmpty { return "%" }  // an empty word still takes its place between two spaces
        var out = ""
        for byte in word.utf8 {
            if byte > 0x20, byte < 0x7F, byte != 0x25 {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)]); out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }

    static func unescape(_ word: Substring) -> String? {
        if word == "%" { return "" }
        guard !word.isEmpty else { return nil }
        var bytes: [UInt8] = []
        var it = word.utf8.makeIterator()
        func hex(_ c: UInt8?) -> UInt8? {
            switch c {
            case .some(let c) where c >= 0x30 && c <= 0x39: return c - 0x30
            case .some(let c) where c >= 0x41 && c <= 0x46: return c - 0x41 + 10
            default: return nil
            }
        }
        while let byte = it.next() {
            guard byte > 0x20, byte < 0x7F else { return nil }
            if byte == 0x25 {
                guard let high = hex(it.next()), let low = hex(it.next()) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// Bytes read from a worker's pipe, cut into lines. A line longer than `MediaWireMessage.maxLineBytes` makes the
/// buffer `overflowed` (the other side is broken), rather than growing without bound.
public struct MediaWireBuffer: Sendable {
    private var pending: [UInt8] = []
    public private(set) var overflowed = false

    public init() {}

    public mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        pending.append(contentsOf: bytes)
        if pending.count > MediaWireMessage.maxLineBytes, !pending.contains(0x0A) { overflowed = true }
    }

    /// The next whole line, without its "\n", or nil when none is whole yet (or the buffer overflowed).
    public mutating func nextLine() -> String? {
        guard !overflowed, let end = pending.firstIndex(of: 0x0A) else { return nil }
        guard end < MediaWireMessage.maxLineBytes else { overflowed = true; return nil }
        let line = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeSubrange(...end)
        return line
    }
}
