import CLibRaw
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What went wrong in LibRaw: the call and its error code (`libraw_strerror`).
public struct RawError: Error, Equatable, CustomStringConvertible {
    public let call: String
    public let code: Int32
    public var description: String {
        "LibRaw \(call): " + (libraw_strerror(code).map { String(cString: $0) } ?? "error \(code)")
    }
}

/// One camera RAW opened by LibRaw's thread-safe build (`libraw_init`, `libraw_close` in deinit). Opening reads the
/// metadata only (`libraw_open_buffer`, `libraw_open_file`): sizes, orientation, date, camera, the preview's place.
/// Pixels come later, from the embedded preview (`libraw_unpack_thumb`) or LibRaw's half-size decode. LibRaw
/// catches its own exceptions and answers hostile bytes with error codes, which are thrown here; how much memory
/// its raw buffers may take is capped (`max_raw_memory_mb`). Not shared between threads.
public final class RawFile {
    private let raw: UnsafeMutablePointer<libraw_data_t>
    /// The bytes `libraw_open_buffer` reads from, owned for as long as LibRaw may read them.
    private var buffer: UnsafeMutableRawBufferPointer?

    /// What the file's metadata says.
    public struct Metadata: Equatable {
        /// The visible picture's size as stored (before `flip`).
        public var width: Int
        public var height: Int
        /// The mosaic's size (what unpacking allocates, 2 bytes a photosite).
        public var rawWidth: Int
        public var rawHeight: Int
        /// LibRaw's orientation code (dcraw's: 0, 3 = half turn, 5 = quarter anticlockwise, 6 = quarter clockwise,
        /// and the mirrored 1, 2, 4, 7).
        public var flip: Int
        public var make: String
        public var model: String
        /// When the photo was taken, as LibRaw read it (local time through `mktime`), or nil.
        public var timestamp: Int?
        /// The embedded preview's size and length as the metadata gives them (0 when not said).
        public var previewWidth: Int
        public var previewHeight: Int
        public var previewLength: Int
    }

    private init(maxRawMemoryMB: Int) throws {
        guard let raw = libraw_init(0) else { throw RawError(call: "libraw_init", code: LIBRAW_UNSPECIFIED_ERROR.rawValue) }
        self.raw = raw
        raw.pointee.params.max_raw_memory_mb = UInt32(max(1, min(maxRawMemoryMB, 4096)))
    }

    /// Opens the file's bytes (copied: LibRaw reads them again when unpacking).
    public convenience init(data: Data, maxRawMemoryMB: Int) throws {
        try self.init(maxRawMemoryMB: maxRawMemoryMB)
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
        data.withUnsafeBytes { if let base = $0.baseAddress { copy.baseAddress!.copyMemory(from: base, byteCount: $0.count) } }
        buffer = copy
        try check(libraw_open_buffer(raw, copy.baseAddress!, data.count), "libraw_open_buffer")
    }

    /// Opens a file by its path: LibRaw reads only the metadata it needs, not the whole file (a folder's scan).
    public convenience init(path: String, maxRawMemoryMB: Int) throws {
        try self.init(maxRawMemoryMB: maxRawMemoryMB)
        try check(libraw_open_file(raw, path), "libraw_open_file")
    }

    /// The metadata of a file's bytes, read in place: LibRaw is done with them (`libraw_recycle`) before this returns.
    public static func metadata(of data: Data) throws -> Metadata {
        let file = try RawFile(maxRawMemoryMB: 64)
        return try data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else {
                throw RawError(call: "libraw_open_buffer", code: LIBRAW_IO_ERROR.rawValue)
            }
            defer { libraw_recycle(file.raw) }
            try file.check(libraw_open_buffer(file.raw, UnsafeMutableRawPointer(mutating: base), bytes.count),
                           "libraw_open_buffer")
            return file.metadata
        }
    }

    deinit {
        libraw_close(raw)
        buffer?.deallocate()
    }

    public var metadata: Metadata {
        let d = raw.pointee
        let stamp = Int(d.other.timestamp)
        return Metadata(width: Int(d.sizes.width), height: Int(d.sizes.height), rawWidth: Int(d.sizes.raw_width),
                        rawHeight: Int(d.sizes.raw_height), flip: Int(d.sizes.flip),
                        make: RawFile.text(d.idata.make), model: RawFile.text(d.idata.model),
                        timestamp: stamp > 0 ? stamp : nil, previewWidth: Int(d.thumbnail.twidth),
                        previewHeight: Int(d.thumbnail.theight), previewLength: Int(d.thumbnail.tlength))
    }

    /// The embedded preview's bytes when it is a JPEG (`libraw_unpack_thumb`), at most `maxBytes` of them; nil when
    /// the file has none, or it is not a JPEG (a bitmap preview is small; the half-size decode does better).
    public func previewJPEG(maxBytes: Int) throws -> Data? {
        let status = libraw_unpack_thumb(raw)
        if status == LIBRAW_NO_THUMBNAIL.rawValue || status == LIBRAW_UNSUPPORTED_THUMBNAIL.rawValue { return nil }
        try check(status, "libraw_unpack_thumb")
        let thumbnail = raw.pointee.thumbnail
        guard thumbnail.tformat == LIBRAW_THUMBNAIL_JPEG, let bytes = thumbnail.thumb, thumbnail.tlength > 0,
              Int(thumbnail.tlength) <= maxBytes else { return nil }
        return Data(bytes: bytes, count: Int(thumbnail.tlength))
    }

    /// LibRaw's half-size decode (`half_size`: one pixel per 2×2 photosites, no demosaicing), white balance as
    /// shot, sRGB, 8 bits, NOT turned (`user_flip` 0: the caller applies `flip` once): `libraw_unpack`,
    /// `libraw_dcraw_process`, `libraw_dcraw_make_mem_image`.
    public func halfSize() throws -> RawPicture {
        raw.pointee.params.half_size = 1
        raw.pointee.params.use_camera_wb = 1
        raw.pointee.params.user_flip = 0
        raw.pointee.params.output_bps = 8
        try check(libraw_unpack(raw), "libraw_unpack")
        try check(libraw_dcraw_process(raw), "libraw_dcraw_process")
        var code: Int32 = 0
        guard let image = libraw_dcraw_make_mem_image(raw, &code) else {
            throw RawError(call: "libraw_dcraw_make_mem_image", code: code == 0 ? LIBRAW_UNSPECIFIED_ERROR.rawValue : code)
        }
        let picture = RawPicture(owning: image)
        guard image.pointee.type == LIBRAW_IMAGE_BITMAP, image.pointee.colors == 3, image.pointee.bits == 8,
              Int(image.pointee.data_size) >= picture.width * picture.height * 3 else {
            throw RawError(call: "libraw_dcraw_make_mem_image", code: LIBRAW_UNSPECIFIED_ERROR.rawValue)
        }
        return picture
    }

    private func check(_ status: Int32, _ call: String) throws {
        guard status == LIBRAW_SUCCESS.rawValue else { throw RawError(call: call, code: status) }
    }

    /// A fixed C string field, to its first NUL, trimmed.
    private static func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { bytes in
            let chars = bytes.prefix { $0 != 0 }
            return String(decoding: chars, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
    }
}

/// A picture LibRaw made (`libraw_processed_image_t`, freed by `libraw_dcraw_clear_mem` in deinit): RGB, 3 bytes a
/// pixel, rows of `width * 3` bytes.
public final class RawPicture {
    private let image: UnsafeMutablePointer<libraw_processed_image_t>

    init(owning image: UnsafeMutablePointer<libraw_processed_image_t>) { self.image = image }
    deinit { libraw_dcraw_clear_mem(image) }

    public var width: Int { Int(image.pointee.width) }
    public var height: Int { Int(image.pointee.height) }

    /// The RGB bytes, row after row.
    public func withPixels<T>(_ body: (UnsafePointer<UInt8>) throws -> T) rethrows -> T {
        let offset = MemoryLayout<libraw_processed_image_t>.offset(of: \.data) ?? 0
        return try body((UnsafeRawPointer(image) + offset).assumingMemoryBound(to: UInt8.self))
    }
}
