import CHeif
import Foundation

/// A failed libheif call, with the library's message.
public struct HEIFError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let message: String
    public var description: String { "\(call) failed: \(message)" }

    /// Throws when a libheif call returned an error.
    static func check(_ error: heif_error, _ call: String) throws {
        guard error.code != heif_error_Ok else { return }
        throw HEIFError(call: call, message: error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)")
    }
}

/// A HEIF or AVIF file read into a libheif context (`heif_context_alloc`, `heif_context_read_from_memory_without_copy`,
/// `heif_context_free`). The bytes are copied once into memory the context owns for its life. Decoding runs on one
/// thread per file (the decode pool already runs several), and libheif refuses pictures past `maxSide` squared.
public final class HEIFFile {
    private let context: OpaquePointer
    private let bytes: UnsafeMutableRawBufferPointer

    public init(data: Data, maxSide: Int = 16384) throws {
        guard let context = heif_context_alloc() else { throw HEIFError(call: "heif_context_alloc", message: "no memory") }
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
        _ = data.copyBytes(to: bytes)
        self.context = context
        heif_context_set_max_decoding_threads(context, 1)
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: maxSide))
        try HEIFError.check(heif_context_read_from_memory_without_copy(context, bytes.baseAddress, data.count, nil),
                            "heif_context_read_from_memory_without_copy")
    }

    deinit {
        heif_context_free(context)
        bytes.deallocate()
    }

    /// The primary image (`heif_context_get_primary_image_handle`).
    public func primary() throws -> HEIFItem {
        var handle: OpaquePointer?
        try HEIFError.check(heif_context_get_primary_image_handle(context, &handle), "heif_context_get_primary_image_handle")
        guard let handle else { throw HEIFError(call: "heif_context_get_primary_image_handle", message: "no image") }
        return HEIFItem(handle: handle, file: self)
    }
}

/// One image of a file: the primary, or one of its thumbnails (`heif_image_handle_release`). Keeps its file alive.
public final class HEIFItem {
    let handle: OpaquePointer
    private let file: HEIFFile

    init(handle: OpaquePointer, file: HEIFFile) { self.handle = handle; self.file = file }
    deinit { heif_image_handle_release(handle) }

    /// Size as decoded, the container's rotation applied (`heif_image_handle_get_width`/`height`).
    public var width: Int { Int(heif_image_handle_get_width(handle)) }
    public var height: Int { Int(heif_image_handle_get_height(handle)) }

    /// The file's own smaller renderings of this image (`heif_image_handle_get_list_of_thumbnail_IDs`), at most 8.
    public func thumbnails() -> [HEIFItem] {
        let count = min(8, Int(heif_image_handle_get_number_of_thumbnails(handle)))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(count)))
        return ids.prefix(max(0, min(listed, count))).compactMap { id in
            var thumb: OpaquePointer?
            guard heif_image_handle_get_thumbnail(handle, id, &thumb).code == heif_error_Ok, let thumb else { return nil }
            return HEIFItem(handle: thumb, file: file)
        }
    }

    /// Decodes to interleaved 8-bit RGBA, the container's rotation and mirror applied (`heif_decode_image`).
    public func decodeRGBA() throws -> HEIFPicture {
        var image: OpaquePointer?
        try HEIFError.check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil),
                            "heif_decode_image")
        guard let image else { throw HEIFError(call: "heif_decode_image", message: "no image") }
        return HEIFPicture(image: image)
    }
}
