import CFFmpeg
import GalleryCore

/// A clip or animation decoded by FFmpeg: `Demuxer` → `VideoDecoder` → `FramePlanes` (the decoder's planes, when
/// the app takes them) or `FrameScaler` (BGRA). A corrupt packet is skipped
/// (the decoder conceals what it can); a stream that gives nothing but errors ends. An animation is decoded no
/// further than `MediaLimits.maxFrames`.
final class VideoClip: FrameSource {
    private let demuxer: Demuxer
    private var decoder: VideoDecoder
    private let scaler = FrameScaler()
    private let planes = FramePlanes()
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var held: UnsafeMutablePointer<AVFrame>?
    private var draining = false
    private var framesDecoded = 0
    private let limits: MediaLimits
    /// Frames before `skipUntil` (seconds) are decoded and passed over after a seek to a point between key frames.
    private var skipUntil: Double?
    let info: MediaInfo

    /// Errors in a row after which a stream is taken for broken.
    private static let maxErrorsInARow = 64

    private let audio: AudioTrack?
    /// Frames decoded before the stream is taken to have ended.
    private let frameCap: Int
    /// Decoder threads now, and the most the worker's memory allows (`decodeFaster`).
    private var threads: Int32
    private let threadsAllowed: Int32
    private let hardware: HardwareDecoding
    /// Frames a second one decoder thread is given first: up to 1080p at 30 a second. A second frame thread costs
    /// processor time (frames handed between threads, one more held, colder caches: `ffmpeg -threads 1` decodes the
    /// bench's 1080p clip in 9-24 % less than with 2 here) for speed that a clip played at its own pace rarely needs;
    /// a larger or faster clip starts on two, and one that falls behind gets its second (`decodeFaster`).
    static let oneThreadPixelRate = 1920.0 * 1088 * 30

    /// `decoding`: frames will be decoded (a poster, a player), so what they need is judged by the worker's share of
    /// memory first (`WorkerMemory`): with one decoder thread fewer when that fits and two threads do not, else
    /// refused. A probe (false) reads the header only.
    init(_ location: MediaLocation, limits: MediaLimits, decoding: Bool, hardware: HardwareDecoding,
         sound: Bool = false) throws(MediaRefusal) {
        let demuxer = try Demuxer(location, limits: limits)
        var info = demuxer.info
        // A GIF does not count its frames in its header: they are counted (read, not decoded) before it is played.
        if info.codec == "gif", info.frameCount == nil {
            let count = demuxer.countPackets(upTo: limits.maxFrames)
            guard count <= limits.maxFrames else { throw .tooManyFrames(count) }
            info.frameCount = count
            guard demuxer.seek(to: 0) else { throw .cannotPlay("cannot rewind the animation") }
        }
        self.demuxer = demuxer
        self.info = info
        self.limits = limits
        // An animation's frames are capped by the limit on frames; a video's by its longest length at 240 frames a
        // second (an hour at 30 fps is 108,000 frames, past the animations' cap).
        frameCap = info.codec == "gif" ? limits.maxFrames : Int(limits.maxDuration * 240)
        var threads = VideoDecoder.maxThreads
        if decoding {
            let available = WorkerMemory.available
            let need = { (threads: Int32) in MediaDecodeMemory.ffmpeg(info, threads: Int(threads)) }
            while threads > 1, need(threads) > available { threads -= 1 }
            if let refusal = MediaDecodeMemory.refusal(needed: need(threads), available: available,
                                                       width: info.storedSize.width, height: info.storedSize.height) {
                throw refusal
            }
        }
        threadsAllowed = threads
        let pixelRate = Double(info.storedSize.width * info.storedSize.height) * (info.frameRate ?? 30)
        if decoding, pixelRate <= Self.oneThreadPixelRate { threads = 1 }
        self.threads = threads
        self.hardware = hardware
        decoder = try VideoDecoder(stream: demuxer.stream, limits: limits, threads: threads, hardware: hardware)
        audio = sound ? demuxer.audioStream.flatMap { AudioTrack(stream: $0) } : nil
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw .cannotPlay("out of memory") }
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
    }

    func advance() -> Double? {
        guard let packet, let frame else { return nil }
        var errors = 0
        while errors < Self.maxErrorsInARow, framesDecoded < frameCap {
            let (status, decoded) = decoder.receive(frame)
            if status >= 0 {
                let seconds = time(of: decoded)
                if let skip = skipUntil, seconds + 0.001 < skip { continue }
                skipUntil = nil
                held = decoded
                framesDecoded += 1
                return seconds
            }
            if status == tessera_averror_eof() { return nil }
            if status != tessera_averror_eagain() { errors += 1; continue }
            if draining { return nil }
            if demuxer.read(into: packet, sound: audio.map { track in { track.decode($0) } }) {
                if decoder.send(packet) < 0 { errors += 1 }
            } else {
                draining = true
                _ = decoder.send(nil)
            }
        }
        return nil
    }

    func render(into destination: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int) -> Bool {
        guard let held else { return false }
        return scaler.scale(held, rotation: info.rotation, into: destination, width: width, height: height, pitch: pitch)
    }

    func renderPlanes(into destination: UnsafeMutableRawPointer, width: Int, height: Int) -> FrameLayout? {
        guard let held else { return nil }
        return planes.write(held, rotation: info.rotation, into: destination, width: width, height: height)
    }

    func seek(to seconds: Double) -> Bool {
        guard demuxer.seek(to: seconds) else { return false }
        decoder.flush()
        audio?.reset()
        draining = false
        held = nil
        framesDecoded = 0
        skipUntil = seconds > 0 ? seconds : nil
        return true
    }

    func decodeFaster() -> Bool {
        guard threads < threadsAllowed, hardware == .none,
              let faster = try? VideoDecoder(stream: demuxer.stream, limits: limits, threads: threads + 1, hardware: .none)
        else { return false }
        threads += 1
        decoder = faster
        workerLog("frames came late on \(threads - 1) decoder thread(s): decoding on \(threads)")
        return true
    }

    var soundClock: Double? { audio?.clock }
    func setPaused(_ paused: Bool) { audio?.setPaused(paused) }

    /// Seconds from the stream's start (best_effort_timestamp, which stands in for a missing pts).
    private func time(of frame: UnsafeMutablePointer<AVFrame>) -> Double {
        let stream = demuxer.stream.pointee
        var stamp = frame.pointee.best_effort_timestamp
        if stamp == tessera_av_nopts_value() { stamp = frame.pointee.pts }
        guard stamp != tessera_av_nopts_value() else { return 0 }
        if stream.start_time != tessera_av_nopts_value() { stamp -= stream.start_time }
        return max(0, Double(stamp) * tessera_av_q2d(stream.time_base))
    }
}
