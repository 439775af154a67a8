import CHeif
import Foundation

/// What a HEIF or AVIF item says of its colours (its `colr` box): an ICC profile's bytes, H.273 code points
/// (`nclx`), or nothing.
public enum HEIFColourProfile: Equatable {
    case none
    case icc(Data)
    case nclx(primaries: Int, transfer: Int)
}

extension HEIFItem {
    /// The item's colour description (`heif_image_handle_get_color_profile_type`, then
    /// `heif_image_handle_get_raw_color_profile` or `heif_image_handle_get_nclx_color_profile`). A profile larger
    /// than `maxBytes`, or one libheif cannot hand over, is `.none`.
    public func colourProfile(maxBytes: Int = 4 << 20) -> HEIFColourProfile {
        switch heif_image_handle_get_color_profile_type(handle) {
        case heif_color_profile_type_rICC, heif_color_profile_type_prof:
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0, size <= maxBytes else { return .none }
            var data = Data(count: size)
            let error = data.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
            return error.code == heif_error_Ok ? .icc(data) : .none
        case heif_color_profile_type_nclx:
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else {
                return .none
            }
            defer { heif_nclx_color_profile_free(nclx) }
            return .nclx(primaries: Int(nclx.pointee.color_primaries.rawValue),
                         transfer: Int(nclx.pointee.transfer_characteristics.rawValue))
        default:
            return .none
        }
    }
}
