import CPlatform
import CSDL2
import Foundation

extension Window {
    /// The ICC profile the desktop publishes for the display, or nil (sRGB): on X11 the root window's
    /// `_ICC_PROFILE` property (`tessera_x11_icc_profile`, libX11 through dlopen). Wayland's compositors in Debian 12
    /// publish none (there is no colour-management protocol yet), nor do KMS and the offscreen driver.
    public func displayProfile(maxBytes: Int = 4 << 20) -> Data? {
        var out: UnsafeMutablePointer<UInt8>?
        let length = tessera_x11_icc_profile(UnsafeMutableRawPointer(pointer), maxBytes, &out)
        guard let out else { return nil }
        defer { free(out) }
        return length > 0 ? Data(bytes: out, count: length) : nil
    }
}
