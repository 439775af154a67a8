/// How a media worker process is started: the words after the executable (`tessera media-worker …`). A service
/// worker answers probes and posters one at a time; a player worker plays one clip. Both carry the limits they
/// judge by, so the app's limits are the worker's. Parsing is strict, like `MediaWireMessage`'s.
///
///     media-worker service LIMITS…   (LIMITS: side= pixels= duration= frames= probe= analyze= memory= [share=])
///     media-worker player width=W height=H play=loop|once start=S hwdec=none|vaapi|v4l2m2m sound=yes|no LIMITS… -- LOCATION…
public struct MediaWorkerLaunch: Equatable, Sendable {
    public struct Playback: Equatable, Sendable {
        public var location: MediaLocation
        public var width: Int
        public var height: Int
        public var loops: Bool
        public var start: Double
        /// "none", "vaapi" or "v4l2m2m".
        public var hardware: String
        public var sound: Bool
        /// The app takes the decoder's planes (`FrameLayout.i420`, `.nv12`) where they come at the size drawn or
        /// can be scaled to it as planes; false: every frame BGRA.
        public var planes: Bool

        public init(location: MediaLocation, width: Int, height: Int, loops: Bool, start: Double = 0,
                    hardware: String = "none", sound: Bool = false, planes: Bool = false) {
            self.location = location; self.width = width; self.height = height; self.loops = loops
            self.start = start; self.hardware = hardware; self.sound = sound; self.planes = planes
        }
    }

    /// nil: the service worker.
    public var playback: Playback?
    public var limits: MediaLimits

    public static let command = "media-worker"
    public static let hardwareNames: Set<String> = ["none", "vaapi", "v4l2m2m"]
    /// Frames a player holds in shared memory at once: the one the app shows (kept until it takes a newer one, so
    /// that its planes can be converted where they lie when drawn), the one it is taking, and two for the worker to
    /// write into while the app is busy (three frame times at 30 a second before a frame is dropped).
    public static let slots = 4

    public init(playback: Playback?, limits: MediaLimits) {
        self.playback = playback; self.limits = limits
    }

    /// Where a URL's headers travel: the worker's environment, which only its own user can read, never its
    /// arguments, which every user of the machine can (/proc/PID/cmdline, `ps`): an Immich key stays out of sight.
    public static let headersVariable = "TESSERA_MEDIA_HEADERS"

    /// What the worker's environment adds: the headers of the location it plays, one a line.
    public var environment: [String: String] {
        guard let headers = playback?.location.headers, !headers.isEmpty else { return [:] }
        return [Self.headersVariable: headers.joined(separator: "\n")]
    }

    /// The headers `environment` carried, as the worker reads them (a line with a carriage return is dropped).
    public static func headers(fromEnvironment value: String) -> [String] {
        value.split(separator: "\n").map(String.init).filter { !$0.contains("\r") && !$0.isEmpty }
    }

    /// The words, "media-worker" first (a URL's headers are not among them: `environment`).
    public var arguments: [String] {
        let limitWords = [
            "side=\(limits.maxSide)", "pixels=\(limits.maxPixels)", "duration=\(limits.maxDuration)",
            "frames=\(limits.maxFrames)", "probe=\(limits.probeBytes)", "analyze=\(limits.analyzeMicroseconds)",
            "memory=\(limits.workerAddressSpace)",
        ] + (limits.workerShare.map { ["share=\($0)"] } ?? [])
        guard let p = playback else { return [Self.command, "service"] + limitWords }
        return [Self.command, "player", "width=\(p.width)", "height=\(p.height)", "play=\(p.loops ? "loop" : "once")",
                "start=\(p.start)", "hwdec=\(p.hardware)", "sound=\(p.sound ? "yes" : "no")"]
            + (p.planes ? ["planes=yuv"] : []) + limitWords
            + ["--"] + MediaWireMessage.words(of: MediaLocation(withoutHeaders: p.location))
    }

    /// The launch `arguments` ("media-worker" first) describe, or nil.
    public init?(arguments: [String]) {
        guard arguments.count >= 2, arguments[0] == Self.command else { return nil }
        let split = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var values: [String: String] = [:]
        for word in arguments[2..<split] {
            guard let equals = word.firstIndex(of: "="), values[String(word[..<equals])] == nil else { return nil }
            values[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        func take(_ key: String) -> String? { values.removeValue(forKey: key) }
        func int(_ key: String, _ range: ClosedRange<Int>) -> Int?? {
            guard let word = take(key) else { return .some(nil) }
            guard let n = Int(word), range.contains(n) else { return nil }
            return .some(n)
        }
        var limits = MediaLimits()
        guard let side = int("side", 1...65536), let pixels = int("pixels", 1...(1 << 32)),
              let frames = int("frames", 1...(1 << 30)), let probe = int("probe", 32...(1 << 30)),
              let analyze = int("analyze", 0...(600_000_000)), let memory = int("memory", (64 << 20)...(1 << 40)),
              let share = int("share", (1 << 20)...(1 << 40))
        else { return nil }
        limits.workerShare = share
        limits.maxSide = side ?? limits.maxSide
        limits.maxPixels = pixels ?? limits.maxPixels
        limits.maxFrames = frames ?? limits.maxFrames
        limits.probeBytes = probe ?? limits.probeBytes
        limits.analyzeMicroseconds = analyze ?? limits.analyzeMicroseconds
        limits.workerAddressSpace = memory ?? limits.workerAddressSpace
        if let duration = take("duration") {
            guard let seconds = Double(duration), seconds.isFinite, seconds > 0 else { return nil }
            limits.maxDuration = seconds
        }
        self.limits = limits
        switch arguments[1] {
        case "service":
            guard values.isEmpty, split == arguments.endIndex else { return nil }
            playback = nil
        case "player":
            guard let width = int("width", 1...MediaWireMessage.maxSide) ?? nil,
                  let height = int("height", 1...MediaWireMessage.maxSide) ?? nil,
                  let play = take("play"), play == "loop" || play == "once",
                  let startWord = take("start"), let start = Double(startWord), start.isFinite, start >= 0,
                  let hardware = take("hwdec"), Self.hardwareNames.contains(hardware),
                  let sound = take("sound"), sound == "yes" || sound == "no",
                  let planes = Optional(take("planes") ?? "bgra"), planes == "yuv" || planes == "bgra", values.isEmpty,
                  split < arguments.endIndex,
                  let location = MediaWireMessage.location(Array(arguments[(split + 1)...])) else { return nil }
            playback = Playback(location: location, width: width, height: height, loops: play == "loop", start: start,
                                hardware: hardware, sound: sound == "yes", planes: planes == "yuv")
        default:
            return nil
        }
    }
}
