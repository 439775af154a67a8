import Foundation
import GalleryCore

/// What moves in a file of a folder: a clip or animation read through the media prober, the clip beside a Live
/// Photo's still, the clip at the end of a motion photo's JPEG. Bytes are checked before anything is believed: a
/// motion photo's range must begin an MP4 at that offset of this file.
extension LocalFileReader {
    /// A clip's or animation's size as drawn and its motion, or why it is not listed.
    static func readMoving(_ file: RegularFile, path: String, kind: NameKind,
                           prober: MediaProber?) -> Result<(PixelSize, LocalMotion), Failure> {
        guard let prober else { return .failure(.media(.cannotPlay("no media worker to read it"))) }
        if kind == .animation {
            // The name says GIF: so must the bytes, before a worker is asked.
            guard let first = file.prefix(64), let header = AnimationHeader.read(first), header.format == .gif else {
                return .failure(.media(.unknownFormat("not a GIF")))
            }
        }
        switch prober.judged(MediaLocation(file: path)) {
        case .success(let info):
            let motion = LocalMotion(kind: kind == .animation ? .animation : .clip, duration: info.duration,
                                     hasSound: info.hasSound)
            return .success((PixelSize(width: info.width, height: info.height), motion))
        case .failure(let why):
            return .failure(.media(why))
        }
    }

    /// A still's motion: a Live Photo when a clip is beside it, else a motion photo when its XMP (or Samsung's
    /// trailer) points at an MP4 inside it; nil for a plain still. A clip the prober refuses still makes the pair
    /// (the still shows either way; playing it is refused again when asked), without a duration.
    static func stillMotion(_ file: RegularFile, path: String, header: ImageHeader, prefix: Data, companion: String?,
                            prober: MediaProber?) -> LocalMotion? {
        if let companion, LocalMotion.isPlainName(companion) {
            var motion = LocalMotion(kind: .livePhoto, companion: companion)
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            if let prober, case .success(let info) = prober.judged(MediaLocation(file: folder + "/" + companion)) {
                motion.duration = info.duration
                motion.hasSound = info.hasSound
            }
            return motion
        }
        guard header.format == .jpeg, let range = embeddedClip(file, prefix: prefix, camera: header.camera) else {
            return nil
        }
        var motion = LocalMotion(kind: .motionPhoto, clipOffset: range.offset, clipLength: range.length)
        if let prober,
           case .success(let info) = prober.judged(MediaLocation(file: path, offset: range.offset, length: range.length)) {
            motion.duration = info.duration
            motion.hasSound = info.hasSound
        }
        return motion
    }

    /// The MP4 inside a motion photo's JPEG, checked by its `ftyp` box at the offset found. Samsung's trailer is
    /// looked for only in a Samsung camera's photo (one more read at the end of the file, not paid by every JPEG).
    static func embeddedClip(_ file: RegularFile, prefix: Data, camera: String?) -> MotionPhotoLocator.Range? {
        let size = Int64(file.info.st_size)
        var candidates = MotionPhotoLocator.candidates(prefix: prefix, fileSize: size)
        if candidates.isEmpty, camera?.lowercased().contains("samsung") == true {
            let tailBytes = Int(min(size, Int64(MotionPhotoLocator.trailerTailBytes)))
            if let tail = file.read(at: size - Int64(tailBytes), count: tailBytes),
               let range = MotionPhotoLocator.samsungTrailer(tail: tail, fileSize: size) {
                candidates.append(range)
            }
        }
        return candidates.first { range in
            file.read(at: range.offset, count: 12).map(MotionPhotoLocator.looksLikeMP4) ?? false
        }
    }
}
