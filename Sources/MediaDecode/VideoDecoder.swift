import CFFmpeg
import GalleryCore

/// How frames are decoded: in software (the default, and what the tests run), or by the machine's hardware when
/// asked and present: VA-API (Intel, AMD) through a hardware device context, or a V4L2 memory-to-memory decoder
/// (a Raspberry Pi's) by its FFmpeg name. A hardware path that cannot open falls back to software, logged.
enum HardwareDecoding: String, Sendable, CaseIterable {
    case none, vaapi, v4l2m2m
}

/// A video stream's decoder (AVCodecContext): at most 2 threads, `max_pixels` from the limits, so a stream whose
/// frames grow past them mid-way fails inside the decoder rather than allocating.
final class VideoDecoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    private var device: UnsafeMutablePointer<AVBufferRef>?
    private var transferred: UnsafeMutablePointer<AVFrame>?

    static let maxThreads: Int32 = 2

    /// Opens a decoder for `stream` (avcodec_find_decoder, avcodec_parameters_to_context, avcodec_open2) with
    /// `threads` (1…`maxThreads`: each frame thread holds a frame more).
    init(stream: UnsafeMutablePointer<AVStream>, limits: MediaLimits, threads: Int32 = maxThreads,
         hardware: HardwareDecoding) throws(MediaRefusal) {
        let threads = min(max(1, threads), Self.maxThreads)
        do {
            (context, device) = try Self.open(stream: stream, limits: limits, threads: threads, hardware: hardware)
        } catch where hardware != .none {
            workerLog("the \(hardware.rawValue) decoder did not open (\(error)): decoding in software")
            (context, device) = try Self.open(stream: stream, limits: limits, threads: threads, hardware: .none)
        }
    }

    private static func open(stream: UnsafeMutablePointer<AVStream>, limits: MediaLimits, threads: Int32,
                             hardware: HardwareDecoding)
        throws(MediaRefusal) -> (UnsafeMutablePointer<AVCodecContext>, UnsafeMutablePointer<AVBufferRef>?) {
        let parameters = stream.pointee.codecpar!
        let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        var codec = avcodec_find_decoder(parameters.pointee.codec_id)
        if hardware == .v4l2m2m {
            guard let m2m = avcodec_find_decoder_by_name(codecName + "_v4l2m2m") else {
                throw .cannotPlay("no \(codecName)_v4l2m2m decoder")
            }
            codec = m2m
        }
        guard let codec else { throw .unknownFormat("no decoder for \(codecName)") }
        guard let context = avcodec_alloc_context3(codec) else { throw .cannotPlay("out of memory") }
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        var device: UnsafeMutablePointer<AVBufferRef>?
        guard avcodec_parameters_to_context(context, parameters) >= 0 else {
            avcodec_free_context(&owned); throw .cannotPlay("bad codec parameters")
        }
        context.pointee.thread_count = threads
        context.pointee.max_pixels = Int64(limits.maxPixels)
        context.pointee.pkt_timebase = stream.pointee.time_base
        if hardware == .vaapi {
            let status = av_hwdevice_ctx_create(&device, AV_HWDEVICE_TYPE_VAAPI, nil, nil, 0)
            guard status >= 0, device != nil else {
                avcodec_free_context(&owned); throw .cannotPlay("no VA-API device: \(ffmpegErrorText(status))")
            }
            // avcodec_default_get_format picks the VA-API surface format when a device is set.
            context.pointee.hw_device_ctx = av_buffer_ref(device)
        }
        let status = avcodec_open2(context, codec, nil)
        guard status >= 0 else {
            avcodec_free_context(&owned); av_buffer_unref(&device); throw .cannotPlay(ffmpegErrorText(status))
        }
        return (context, device)
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
        av_buffer_unref(&device)
        av_frame_free(&transferred)
    }

    /// avcodec_send_packet (nil: drain at the end of the stream).
    func send(_ packet: UnsafeMutablePointer<AVPacket>?) -> Int32 { avcodec_send_packet(context, packet) }

    /// avcodec_receive_frame; a hardware surface comes back copied into memory (av_hwframe_transfer_data).
    func receive(_ frame: UnsafeMutablePointer<AVFrame>) -> (status: Int32, frame: UnsafeMutablePointer<AVFrame>) {
        let status = avcodec_receive_frame(context, frame)
        guard status >= 0, frame.pointee.hw_frames_ctx != nil else { return (status, frame) }
        if transferred == nil { transferred = av_frame_alloc() }
        guard let transferred else { return (tessera_averror_enomem(), frame) }
        av_frame_unref(transferred)
        let copied = av_hwframe_transfer_data(transferred, frame, 0)
        guard copied >= 0 else { return (copied, frame) }
        transferred.pointee.pts = frame.pointee.pts
        transferred.pointee.best_effort_timestamp = frame.pointee.best_effort_timestamp
        return (0, transferred)
    }

    /// After a seek: frames held for reordering are dropped (avcodec_flush_buffers).
    func flush() { avcodec_flush_buffers(context) }
}
