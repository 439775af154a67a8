import CFFmpeg
import Glibc
import GalleryCore

/// An open container (AVFormatContext), its video stream found and its header judged by `MediaLimits` before any
/// frame is decoded. A file (or a byte range of one) is read only through a custom AVIOContext over `FileRange`,
/// never by FFmpeg's own file protocol; a URL only through FFmpeg's http(s), with the source's headers and the
/// protocol whitelist "http,https,tcp,tls,crypto" (a playlist naming file:// or a subprocess is refused).
final class Demuxer {
    private(set) var context: UnsafeMutablePointer<AVFormatContext>?
    private var io: UnsafeMutablePointer<AVIOContext>?
    private let range: FileRange?
    let videoIndex: Int32
    let info: MediaInfo

    /// The containers a clip or animation comes in: a format outside these is not tried at all (FFmpeg knows
    /// hundreds, each one more parser for a hostile file to reach).
    static let formats = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,gif,avi,mpegts,mpeg,ogg,flv,yuv4mpegpipe"
    private static let ioBufferBytes = 64 << 10
    private static let networkTimeoutMicroseconds = "10000000"

    /// Opens `location` (avformat_open_input, avformat_find_stream_info) within `limits.probeBytes` and
    /// `limits.analyzeMicroseconds`, and judges what the header claims (`MediaLimits.refusal(for:)`): before the
    /// streams are analysed, from the container's own numbers, and again after.
    init(_ location: MediaLocation, limits: MediaLimits) throws(MediaRefusal) {
        guard let context = avformat_alloc_context() else { throw .cannotPlay("out of memory") }
        context.pointee.probesize = Int64(limits.probeBytes)
        context.pointee.max_analyze_duration = Int64(limits.analyzeMicroseconds)
        var options: OpaquePointer?
        av_dict_set(&options, "format_whitelist", Self.formats, 0)
        defer { av_dict_free(&options) }
        var url = ""
        var io: UnsafeMutablePointer<AVIOContext>?
        var range: FileRange?
        switch location.place {
        case .file(let path):
            let file: FileRange
            do { file = try FileRange(path: path, offset: location.offset, length: location.length) } catch {
                avformat_free_context(context); throw error
            }
            guard file.length > 0 else { avformat_free_context(context); throw .unknownFormat("the file is empty") }
            guard let buffer = av_malloc(Self.ioBufferBytes),
                  let custom = avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), Int32(Self.ioBufferBytes), 0,
                                                  Unmanaged.passUnretained(file).toOpaque(), Demuxer.readRange, nil,
                                                  Demuxer.seekRange) else {
                avformat_free_context(context); throw .cannotPlay("out of memory")
            }
            range = file
            io = custom
            context.pointee.pb = custom
            context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        case .url(let address):
            url = address
            av_dict_set(&options, "protocol_whitelist", "http,https,tcp,tls,crypto", 0)
            av_dict_set(&options, "rw_timeout", Self.networkTimeoutMicroseconds, 0)
            if !location.headers.isEmpty {
                av_dict_set(&options, "headers", location.headers.map { $0 + "\r\n" }.joined(), 0)
            }
        }
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        let status = avformat_open_input(&opened, url, nil, &options)
        guard status >= 0, let opened else {
            // avformat_open_input frees the context on failure; the custom I/O stays ours.
            Self.freeIO(&io)
            throw openRefusal(status)
        }
        // From the container's own numbers, before any stream is analysed (a header claiming 16384x16384).
        if let refusal = Self.headerRefusal(opened, limits: limits) { Self.close(opened, &io); throw refusal }
        // Analysing the streams decodes a few frames at their full size; when the container gives the size and
        // those frames would not fit the worker's share, its own numbers describe the clip instead.
        if Self.analysisFits(opened) {
            let found = Self.findStreamInfo(opened)
            guard found >= 0 else { Self.close(opened, &io); throw .cannotPlay(ffmpegErrorText(found)) }
        }
        let index = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0 else { Self.close(opened, &io); throw .noPicture }
        let described = Self.describe(opened, videoIndex: index)
        if let refusal = limits.refusal(for: described) { Self.close(opened, &io); throw refusal }
        videoIndex = index
        audioIndex = av_find_best_stream(opened, AVMEDIA_TYPE_AUDIO, -1, index, nil, 0)
        info = described
        self.context = opened
        self.io = io
        self.range = range
    }

    deinit {
        Self.close(context, &io)
    }

    var stream: UnsafeMutablePointer<AVStream> { context!.pointee.streams[Int(videoIndex)]! }

    /// The next packet of the video stream (av_read_frame); a packet of the sound on the way is handed to `sound`,
    /// others are skipped. False at the end or on a read error.
    func read(into packet: UnsafeMutablePointer<AVPacket>, sound: ((UnsafeMutablePointer<AVPacket>) -> Void)? = nil) -> Bool {
        while true {
            av_packet_unref(packet)
            guard av_read_frame(context, packet) >= 0 else { return false }
            if packet.pointee.stream_index == videoIndex { return true }
            if let sound, packet.pointee.stream_index == audioIndex { sound(packet) }
        }
    }

    /// The sound's stream (av_find_best_stream), if the clip has one.
    var audioStream: UnsafeMutablePointer<AVStream>? { audioIndex >= 0 ? context!.pointee.streams[Int(audioIndex)] : nil }
    /// Found once at opening: `read` compares every packet with it.
    private let audioIndex: Int32

    /// Packets of the video stream from here to the end, read (not decoded) and counted no further than `limit`
    /// + 1: how a GIF, whose header does not count its frames, is judged by `MediaLimits.maxFrames`.
    func countPackets(upTo limit: Int) -> Int {
        guard let packet = av_packet_alloc() else { return 0 }
        var packetRef: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&packetRef) }
        var count = 0
        while count <= limit, read(into: packet) { count += 1 }
        return count
    }

    /// To the key frame at or before `seconds` (avformat_seek_file on the video stream).
    func seek(to seconds: Double) -> Bool {
        let timeBase = stream.pointee.time_base
        var target = Int64(seconds / tessera_av_q2d(timeBase))
        let start = stream.pointee.start_time
        if start != tessera_av_nopts_value() { target += start }
        return avformat_seek_file(context, videoIndex, Int64.min, target, target, 0) >= 0
    }

    // MARK: - The header

    private static func headerRefusal(_ context: UnsafeMutablePointer<AVFormatContext>, limits: MediaLimits) -> MediaRefusal? {
        for i in 0..<Int(context.pointee.nb_streams) {
            guard let parameters = context.pointee.streams[i]?.pointee.codecpar,
                  parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO else { continue }
            let width = Int(parameters.pointee.width), height = Int(parameters.pointee.height)
            guard width > 0, height > 0 else { continue }
            let claim = MediaInfo(width: width, height: height, duration: seconds(context.pointee.duration), codec: "")
            if let refusal = limits.refusal(for: claim) { return refusal }
        }
        return nil
    }

    /// Whether the frames avformat_find_stream_info decodes (one decoder thread, a few frames held) fit what is
    /// left of the worker's share; true when the container does not say a video stream's size.
    private static func analysisFits(_ context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        let available = WorkerMemory.available
        for i in 0..<Int(context.pointee.nb_streams) {
            guard let parameters = context.pointee.streams[i]?.pointee.codecpar,
                  parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO else { continue }
            let claim = MediaInfo(width: Int(parameters.pointee.width), height: Int(parameters.pointee.height),
                                  codec: String(cString: avcodec_get_name(parameters.pointee.codec_id)))
            if MediaDecodeMemory.ffmpeg(claim, threads: 1) > available { return false }
        }
        return true
    }

    /// avformat_find_stream_info with one thread for each stream's decoder (more threads, more frames held).
    private static func findStreamInfo(_ context: UnsafeMutablePointer<AVFormatContext>) -> Int32 {
        let count = Int(context.pointee.nb_streams)
        guard count > 0 else { return avformat_find_stream_info(context, nil) }
        let options = UnsafeMutablePointer<OpaquePointer?>.allocate(capacity: count)
        options.initialize(repeating: nil, count: count)
        defer {
            for i in 0..<count { av_dict_free(&options[i]) }
            options.deallocate()
        }
        for i in 0..<count { av_dict_set(&options[i], "threads", "1", 0) }
        return avformat_find_stream_info(context, options)
    }

    private static func describe(_ context: UnsafeMutablePointer<AVFormatContext>, videoIndex: Int32) -> MediaInfo {
        let stream = context.pointee.streams[Int(videoIndex)]!
        let parameters = stream.pointee.codecpar!.pointee
        let rotation = Self.rotation(stream)
        let turned = rotation % 180 != 0
        var duration: Double?
        if stream.pointee.duration != tessera_av_nopts_value(), stream.pointee.duration > 0 {
            duration = Double(stream.pointee.duration) * tessera_av_q2d(stream.pointee.time_base)
        } else {
            duration = seconds(context.pointee.duration)
        }
        let rate = stream.pointee.avg_frame_rate
        let hasSound = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0) >= 0
        return MediaInfo(
            width: Int(turned ? parameters.height : parameters.width),
            height: Int(turned ? parameters.width : parameters.height), rotation: rotation, duration: duration,
            frameRate: rate.num > 0 && rate.den > 0 ? tessera_av_q2d(rate) : nil,
            frameCount: stream.pointee.nb_frames > 0 ? Int(stream.pointee.nb_frames) : nil,
            codec: String(cString: avcodec_get_name(parameters.codec_id)), hasSound: hasSound)
    }

    /// Clockwise degrees from the display matrix (av_display_rotation_get's angle is counter-clockwise), rounded
    /// to a quarter turn.
    private static func rotation(_ stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return 0 }
        let counterClockwise = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard counterClockwise.isFinite else { return 0 }
        let quarter = Int((-counterClockwise / 90).rounded())
        return ((quarter % 4 + 4) % 4) * 90
    }

    private static func seconds(_ value: Int64) -> Double? {
        value == tessera_av_nopts_value() || value <= 0 ? nil : Double(value) / Double(tessera_av_time_base())
    }

    // MARK: - Custom I/O

    private static let readRange: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
        opaque, buffer, size in
        guard let opaque, let buffer else { return tessera_averror_eof() }
        let range = Unmanaged<FileRange>.fromOpaque(opaque).takeUnretainedValue()
        let got = range.read(into: buffer, count: Int(size))
        if got == 0 { return tessera_averror_eof() }
        return got < 0 ? -EIO : Int32(got)
    }

    private static let seekRange: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        guard let opaque else { return -1 }
        return Unmanaged<FileRange>.fromOpaque(opaque).takeUnretainedValue().seek(offset, whence: whence)
    }

    private static func close(_ context: UnsafeMutablePointer<AVFormatContext>?, _ io: inout UnsafeMutablePointer<AVIOContext>?) {
        var context = context
        if context != nil { avformat_close_input(&context) }
        freeIO(&io)
    }

    /// The custom AVIOContext and its buffer (which FFmpeg may have replaced: freed through the context).
    private static func freeIO(_ io: inout UnsafeMutablePointer<AVIOContext>?) {
        guard io != nil else { return }
        av_freep(&io!.pointee.buffer)
        avio_context_free(&io)
    }
}
