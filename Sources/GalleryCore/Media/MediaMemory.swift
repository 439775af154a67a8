/// The memory the media workers may hold together, and what a worker's decode of one picture needs of it.
///
/// The workers share one budget drawn from the machine (a quarter of its memory, at most `ceiling`), divided
/// equally among the workers alive: each worker's limit is its share (RLIMIT_DATA, lowered and raised as workers
/// come and go), so together they cannot pass the budget. A decode is judged against what is left of its worker's
/// share before it allocates (`refusal`): what does not fit is refused from its header, shown by its poster or the
/// placeholder, with the reason in words.
public struct MediaMemoryBudget: Equatable, Sendable {
    /// Bytes all the workers may hold together.
    public let total: Int

    /// No more than this, however large the machine: three players and a service are plenty in it.
    public static let ceiling = 1 << 30
    /// Nor less than this, an override's floor: below it no worker can start its decoders.
    public static let floor = 64 << 20
    /// The environment variable that sets the budget in MB (a test's stand-in for a small machine).
    public static let overrideVariable = "TESSERA_MEDIA_MEMORY_MB"

    public init(total: Int) { self.total = total }

    /// A quarter of `physicalBytes`, at most `ceiling`; `overrideMB` (from `overrideVariable`) instead when it is a
    /// number, at least `floor`.
    public init(physicalBytes: Int, overrideMB: String? = nil) {
        if let text = overrideMB, let mb = Int(text), mb > 0 {
            total = max(Self.floor, min(mb, 1 << 20) << 20)
        } else {
            total = min(max(Self.floor, physicalBytes / 4), Self.ceiling)
        }
    }

    /// Each worker's share when `live` workers are alive (the one being started counted).
    public func share(live: Int) -> Int { total / max(1, live) }
}

/// What decoding a moving picture holds beyond a worker's resting memory, judged from its header before any of it
/// is allocated.
public enum MediaDecodeMemory {
    /// Bytes a decoder thread's stack reserves (glibc's default, from RLIMIT_STACK): it counts against RLIMIT_DATA.
    public static let threadStack = 8 << 20

    /// An animated WebP decoded a frame at a time at the size shown (libwebp's scaled decoding): the file held
    /// whole, a canvas and a frame of `output` (nil: a probe, which decodes nothing).
    public static func webp(fileBytes: Int, output: PixelSize?) -> Int {
        guard let output else { return fileBytes }
        return fileBytes + 2 * output.width * output.height * 4
    }

    /// A stream decoded by FFmpeg: its frames are decoded at their stored size (no codec of a phone's scales while
    /// decoding), so this holds the frames the decoder keeps (references, one a frame thread, the one scaled from),
    /// 4:2:0 at 8 bits (12 bits a pixel; a GIF's canvas 32), and each thread's stack.
    public static func ffmpeg(_ info: MediaInfo, threads: Int) -> Int {
        let pixels = info.storedSize.width * info.storedSize.height
        if info.codec == "gif" { return pixels * 4 * 3 }
        return pixels * 3 / 2 * (threads + 3) + threads * threadStack
    }

    /// The refusal for a decode that needs `needed` bytes when its worker may still take `available`, or nil.
    public static func refusal(needed: Int, available: Int, width: Int, height: Int) -> MediaRefusal? {
        guard needed > available else { return nil }
        return .cannotPlay("frames of \(width)x\(height) need about \(mb(needed)) MB to decode, more than the "
                           + "\(mb(max(0, available))) MB left of its worker's share")
    }

    private static func mb(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}
