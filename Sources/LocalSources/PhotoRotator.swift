import Foundation
import GalleryCore
import JPEGKit
#if canImport(Glibc)
import Glibc
#endif

/// Turns a photo's file a quarter for good: a JPEG losslessly (`RotationPlan` says how: its blocks turned by
/// `JPEGTransformer`, every marker kept, the orientation reset to 1; or its orientation tag alone rewritten), any
/// other format refused in words. The new bytes replace the old atomically (`replace`); the old bytes and the old
/// modification time come back in the answer, for Undo. A link stays a link: the file it points to is turned, in its
/// own folder.
///
/// The modification time keeps its second (`keptDate`): for a photo with no EXIF date it is the photo's only date
/// (the date sort, the month headings, the list), and a turn is not a new photo. Its nanoseconds change, so whatever
/// knows the file by its `stat` to the nanosecond (Tessera's index and cells) sees new bytes; a thumbnailer that
/// compares whole seconds (the freedesktop thumbnail cache's `Thumb::MTime`) may show the old thumbnail until it is
/// made again.
public enum PhotoRotator {
    public struct Rotated {
        /// The file's bytes before, for Undo.
        public let original: Data
        /// What was done, for the toast ("Rotated right").
        public let message: String
        /// The file written: the photo's own, or the one its link points to.
        public let file: String
        /// The file's modification time before the turn (`st_mtim`), put back by Undo.
        public let modified: timespec

        /// Undo: the old bytes back, with their modification time.
        public func undo() throws { try PhotoRotator.replace(file, with: original, modified: modified) }
    }

    /// Why a file was not turned, in words for a person (nothing was written).
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// Largest file turned (a JPEG this size is ~100 megapixels; its bytes are held twice while it is turned).
    public static let maxBytes = 128 << 20

    public static func rotate(_ link: String, _ turn: QuarterTurn) throws -> Rotated {
        // Renamed over, a link would become a plain file: the file it points to is the one turned.
        guard let entry = try FileCalls.lstatus(link) else { throw FileCallError(call: "lstat", path: link, code: ENOENT) }
        let path = try entry.st_mode & S_IFMT == S_IFLNK ? FileCalls.realPath(link) : link
        guard let before = try FileCalls.status(path) else { throw FileCallError(call: "stat", path: path, code: ENOENT) }
        let kept = keptDate(before.st_mtim)
        let original = try FileCalls.read(path, limit: maxBytes)
        let bytes = [UInt8](original.prefix(16))
        guard bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF else {
            // Translators: a toast; {format} is a file format's name (PNG, HEIC).
            throw Refusal(description: tr("Can't rotate {format} files yet: only JPEG", ["format": formatName(original, path: path)]))
        }
        let transformer = try JPEGTransformer()
        let blocks = try transformer.blocks(of: original)
        let tag = OrientationTag.inJPEG([UInt8](original.prefix(256 << 10)))
        let plan = RotationPlan.jpeg(width: blocks.width, height: blocks.height,
                                     mcu: (blocks.mcuWidth, blocks.mcuHeight), orientation: tag?.value, turn: turn)
        let right = turn == .right
        switch plan {
        case .retag(let orientation):
            guard let tag else { throw Refusal(description: tr("Can't rotate this JPEG: no orientation tag")) }
            var edited = [UInt8](original)
            tag.write(orientation, into: &edited)
            try replace(path, with: Data(edited), modified: kept)
            return Rotated(original: original,
                           message: right ? tr("Rotated right (by its orientation tag: its size is not in whole blocks)")
                               : tr("Rotated left (by its orientation tag: its size is not in whole blocks)"),
                           file: path, modified: before.st_mtim)
        case .transform(let op, let trimmed):
            var output = try transformer.transform(original, operation(op), trim: trimmed > 0)
            // The markers were copied as they were: the orientation the pixels now carry out is reset to upright.
            var edited = [UInt8](output)
            if let copied = OrientationTag.inJPEG([UInt8](output.prefix(256 << 10))), copied.value != .up {
                copied.write(.up, into: &edited)
                output = Data(edited)
            }
            try replace(path, with: output, modified: kept)
            let message = trimmed == 0 ? (right ? tr("Rotated right") : tr("Rotated left"))
                : right ? trn("Rotated right ({count} pixel trimmed at an edge: JPEG turns whole blocks)",
                              "Rotated right ({count} pixels trimmed at an edge: JPEG turns whole blocks)", count: trimmed)
                : trn("Rotated left ({count} pixel trimmed at an edge: JPEG turns whole blocks)",
                      "Rotated left ({count} pixels trimmed at an edge: JPEG turns whole blocks)", count: trimmed)
            return Rotated(original: original, message: message, file: path, modified: before.st_mtim)
        }
    }

    /// A turned file's modification time: the same second, half a second's nanoseconds away (still a change on a
    /// file system that keeps only micro- or milliseconds).
    static func keptDate(_ before: timespec) -> timespec {
        let half = 500_000_000
        return timespec(tv_sec: before.tv_sec, tv_nsec: before.tv_nsec < half ? before.tv_nsec + half : before.tv_nsec - half)
    }

    /// Writes `data` over the file at `path` whole or not at all: a temporary file in the same folder (a name the
    /// folder's watcher does not take for a photo), the old file's permissions (and owner, where allowed), the
    /// modification time `modified` (nil: now), flushed (`fsync`), renamed over the old one, the folder flushed.
    public static func replace(_ path: String, with data: Data, modified: timespec? = nil) throws {
        guard let old = try FileCalls.status(path) else { throw FileCallError(call: "stat", path: path, code: ENOENT) }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var temporary = "", fd: Int32?
        for attempt in 0..<100 where fd == nil {
            temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid()).\(attempt).tessera-part"
            fd = try FileCalls.createNew(temporary, mode: 0o600)
        }
        guard let fd else { throw FileCallError(call: "open", path: temporary, code: EEXIST) }
        do {
            FileCalls.tryOwner(fd, uid: old.st_uid, gid: old.st_gid)
            try FileCalls.setMode(fd, old.st_mode, path: temporary)
            try FileCalls.writeAll(data, to: fd, path: temporary, modified: modified)
            try FileCalls.rename(temporary, to: path)
        } catch {
            try? FileCalls.remove(temporary)
            throw error
        }
        FileCalls.syncFolder(folder.isEmpty ? "." : folder)
    }

    private static func operation(_ op: LosslessTransform) -> JPEGTransformer.Operation {
        switch op {
        case .none: return .none
        case .flipHorizontal: return .flipHorizontal
        case .flipVertical: return .flipVertical
        case .transpose: return .transpose
        case .transverse: return .transverse
        case .rotate90: return .rotate90
        case .rotate180: return .rotate180
        case .rotate270: return .rotate270
        }
    }

    /// The format's name as the decoder's header reader names it, else by the name's extension (a RAW's TIFF).
    static func formatName(_ data: Data, path: String) -> String {
        if let header = try? ImageHeaderReader.read(data) { return header.format.rawValue }
        let ext = (path as NSString).pathExtension.uppercased()
        return ext.isEmpty ? "these" : ext
    }
}
