import CFFmpeg
import GalleryCore
import Glibc

/// FFmpeg's words for an error code (av_make_error_string), for a refusal or the worker's log.
func ffmpegErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    return buffer.withUnsafeMutableBufferPointer { String(cString: tessera_av_err2str(code, $0.baseAddress, $0.count)) }
}

/// The refusal for a file FFmpeg could not open: its own words (a text file named .mp4 is "Invalid data found when
/// processing input").
func openRefusal(_ code: Int32) -> MediaRefusal { .unknownFormat(ffmpegErrorText(code)) }

/// Writes one line to the worker's stderr (the app's log); stdout is the wire.
func workerLog(_ text: String) {
    let line = "tessera media-worker: \(text)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
