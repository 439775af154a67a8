import CHeif

/// A decoded picture (`heif_image_release`): interleaved RGBA rows.
public final class HEIFPicture {
    private let image: OpaquePointer

    init(image: OpaquePointer) { self.image = image }
    deinit { heif_image_release(image) }

    public var width: Int { Int(heif_image_get_width(image, heif_channel_interleaved)) }
    public var height: Int { Int(heif_image_get_height(image, heif_channel_interleaved)) }

    /// The rows (`heif_image_get_plane_readonly`): the first byte of the first row and the bytes from one row to the
    /// next. Valid only inside `body`.
    public func withRows<T>(_ body: (UnsafePointer<UInt8>, Int) throws -> T) throws -> T {
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride), stride > 0 else {
            throw HEIFError(call: "heif_image_get_plane_readonly", message: "no interleaved plane")
        }
        return try body(plane, Int(stride))
    }
}
