import CFFmpeg
import CSDL2
import GalleryCore

/// A clip's sound, played in the worker: the audio stream decoded (AVCodecContext), resampled to 48 kHz stereo
/// 16-bit (SwrContext, swr_convert) and queued to an SDL audio device (SDL_OpenAudioDevice without a callback,
/// SDL_QueueAudio). Its clock, the time of the sample being heard, is what the player paces the frames by.
/// No more than `maxQueued` seconds wait in the device's queue: past it, sound is dropped rather than held.
final class AudioTrack {
    private let context: UnsafeMutablePointer<AVCodecContext>
    private var resampler: OpaquePointer?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let device: SDL_AudioDeviceID
    private let timeBase: AVRational
    private let start: Int64
    /// The clip time at the end of what is queued.
    private var queuedEnd: Double?
    private var converted: [Int16] = []

    static let rate: Int32 = 48000
    static let channels: Int32 = 2
    static let maxQueued = 2.0
    private static let bytesPerSecond = Double(rate * channels * 2)

    /// Opens the decoder for `stream` and an audio device; nil (logged) when either cannot be had: the clip plays
    /// silent, paced by the monotonic clock.
    init?(stream: UnsafeMutablePointer<AVStream>) {
        guard let parameters = stream.pointee.codecpar, let codec = avcodec_find_decoder(parameters.pointee.codec_id),
              let context = avcodec_alloc_context3(codec) else { return nil }
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        guard avcodec_parameters_to_context(context, parameters) >= 0, avcodec_open2(context, codec, nil) >= 0 else {
            avcodec_free_context(&owned); workerLog("the sound cannot be decoded: playing silent"); return nil
        }
        var layout = AVChannelLayout()
        av_channel_layout_default(&layout, Self.channels)
        var swr: OpaquePointer?
        guard swr_alloc_set_opts2(&swr, &layout, AV_SAMPLE_FMT_S16, Self.rate, &context.pointee.ch_layout,
                                  context.pointee.sample_fmt, context.pointee.sample_rate, 0, nil) >= 0,
              swr_init(swr) >= 0 else {
            swr_free(&swr); avcodec_free_context(&owned); workerLog("the sound cannot be resampled: playing silent")
            return nil
        }
        guard let device = AudioTrack.openDevice() else { swr_free(&swr); avcodec_free_context(&owned); return nil }
        self.context = context
        self.device = device
        resampler = swr
        frame = av_frame_alloc()
        timeBase = stream.pointee.time_base
        start = stream.pointee.start_time == tessera_av_nopts_value() ? 0 : stream.pointee.start_time
    }

    deinit {
        SDL_CloseAudioDevice(device)
        swr_free(&resampler)
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
        av_frame_free(&frame)
    }

    /// SDL's audio, started once in the worker (SDL_InitSubSystem), and a device for 48 kHz stereo S16.
    private static func openDevice() -> SDL_AudioDeviceID? {
        guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else {
            workerLog("no audio (\(String(cString: SDL_GetError()))): playing silent")
            return nil
        }
        var wanted = SDL_AudioSpec()
        wanted.freq = rate
        wanted.format = SDL_AudioFormat(AUDIO_S16LSB)
        wanted.channels = UInt8(channels)
        wanted.samples = 1024
        var got = SDL_AudioSpec()
        let device = SDL_OpenAudioDevice(nil, 0, &wanted, &got, 0)
        guard device != 0 else {
            workerLog("no audio device (\(String(cString: SDL_GetError()))): playing silent")
            return nil
        }
        SDL_PauseAudioDevice(device, 0)
        return device
    }

    /// Decodes `packet` and queues its sound (what would overfill the queue is dropped).
    func decode(_ packet: UnsafeMutablePointer<AVPacket>) {
        guard let frame, avcodec_send_packet(context, packet) >= 0 else { return }
        while avcodec_receive_frame(context, frame) >= 0 {
            queue(frame)
            av_frame_unref(frame)
        }
    }

    private func queue(_ frame: UnsafeMutablePointer<AVFrame>) {
        let stamp = frame.pointee.best_effort_timestamp
        let at = stamp == tessera_av_nopts_value() ? queuedEnd ?? 0 : Double(stamp - start) * tessera_av_q2d(timeBase)
        let room = swr_get_out_samples(resampler, frame.pointee.nb_samples)
        guard room > 0 else { return }
        if converted.count < Int(room * Self.channels) { converted = [Int16](repeating: 0, count: Int(room * Self.channels)) }
        let samples = converted.withUnsafeMutableBytes { out -> Int32 in
            var outPlanes: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress!.assumingMemoryBound(to: UInt8.self)]
            return frame.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { input in
                swr_convert(resampler, &outPlanes, room, input, frame.pointee.nb_samples)
            }
        }
        guard samples > 0 else { return }
        let queued = Double(SDL_GetQueuedAudioSize(device)) / Self.bytesPerSecond
        guard queued < Self.maxQueued else { return }
        converted.withUnsafeBytes { _ = SDL_QueueAudio(device, $0.baseAddress, UInt32(Int(samples * Self.channels) * 2)) }
        queuedEnd = max(at, 0) + Double(samples) / Double(Self.rate)
    }

    /// The clip time being heard now, or nil when nothing is queued (no sound yet, or it has run out).
    var clock: Double? {
        let queued = SDL_GetQueuedAudioSize(device)
        guard let end = queuedEnd, queued > 0 else { return nil }
        return end - Double(queued) / Self.bytesPerSecond
    }

    func setPaused(_ paused: Bool) { SDL_PauseAudioDevice(device, paused ? 1 : 0) }

    /// After a seek or a loop: nothing queued, nothing held in the decoder.
    func reset() {
        SDL_ClearQueuedAudio(device)
        avcodec_flush_buffers(context)
        queuedEnd = nil
    }
}
