import CPlatform
import Foundation
import GalleryCore
import JPEGKit

/// The decode floor of a folder's cells: every JPEG read and decoded once at the DCT scale the app's own plan picks
/// for its cell (`ImageDecoder.plan`, the same flags as `decodeJPEG`), on `threads` threads, nothing else: no pixel
/// buffer made per photo (one per thread, reused), no scaling to the cell, no colours, no turning upright, no store.
/// What a folder's pass is compared with in the same run (`tessera-bench --dir`; `scripts/decode-floor` is the same
/// idea through Pillow, run apart). Its threads run at the decode workers' priority (`SCHED_IDLE`,
/// `tessera_make_thread_background`): on a machine busy with other work, both give way alike, where a floor of
/// ordinary threads took a share of the processor the pass's workers never get, and the ratio measured the load.
public enum DecodeFloor {
    public struct Figures: Sendable {
        /// From the first read to the last decode.
        public let seconds: Double
        public let decoded: Int
        /// Not JPEGs, or unreadable: not counted in the floor (the pass decodes them its own way).
        public let skipped: Int
    }

    /// Decodes `cells` (a file's path and its cell's size) as described above; the files are read from the page
    /// cache as the pass reads them.
    public static func measure(_ cells: [(path: String, size: PixelSize)], threads: Int) -> Figures {
        let lock = NSLock()
        var next = 0, decoded = 0, skipped = 0
        let group = DispatchGroup()
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<max(1, threads) {
            group.enter()
            let thread = Thread {
                tessera_make_thread_background()
                var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 64)
                defer { buffer.deallocate(); group.leave() }
                let decoder = ImageDecoder()
                var mine = (decoded: 0, skipped: 0)
                while true {
                    let i: Int = lock.withLock { defer { next += 1 }; return next }
                    guard i < cells.count else { break }
                    if decode(cells[i].path, target: cells[i].size, decoder: decoder, buffer: &buffer) {
                        mine.decoded += 1
                    } else {
                        mine.skipped += 1
                    }
                }
                lock.withLock { decoded += mine.decoded; skipped += mine.skipped }
            }
            thread.name = "tessera-floor"
            thread.start()
        }
        group.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Figures(seconds: seconds, decoded: decoded, skipped: skipped)
    }

    /// One file: read, planned, decoded into `buffer` (grown when too small). False when it is no JPEG or fails.
    private static func decode(_ path: String, target: PixelSize, decoder: ImageDecoder,
                               buffer: inout UnsafeMutableRawBufferPointer) -> Bool {
        guard let data = FileManager.default.contents(atPath: path),
              let plan = try? decoder.plan(data, target: target, requested: nil, fromFolder: true),
              plan.header.format == .jpeg else { return false }
        let pitch = 4 * plan.decodedWidth
        if buffer.count < pitch * plan.decodedHeight {
            buffer.deallocate()
            buffer = .allocate(byteCount: pitch * plan.decodedHeight, alignment: 64)
        }
        let shrinks = plan.decodedWidth * plan.decodedHeight > target.width * target.height
        guard let jpeg = try? JPEGDecompressor() else { return false }
        let out = buffer.baseAddress!
        return data.withUnsafeBytes { bytes in
            do {
                try jpeg.decompress(bytes, into: out, width: plan.decodedWidth, pitch: pitch,
                                    height: plan.decodedHeight, fast: shrinks)
                return true
            } catch let error as JPEGError where error.isWarning {
                return true
            } catch {
                return false
            }
        }
    }
}
