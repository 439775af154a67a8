import Foundation
import GalleryCore
import ImageLayer
import SDLKit

extension Composition {
    /// The display's colours: `--display-profile`'s file, else the profile the desktop publishes (X11's
    /// `_ICC_PROFILE`), else sRGB; nothing converted with `--no-colour-management`. Said once in the log.
    static func displayColours(window: Window, options: AppOptions) -> DisplayColours {
        guard options.managesColour else {
            Log.info("colour management is off: files' colour values are drawn as they are")
            return DisplayColours(converts: false)
        }
        var profile: Data?, origin = "sRGB"
        if let path = options.displayProfilePath {
            profile = FileManager.default.contents(atPath: path)
            origin = "the profile in \(path)"
        } else if let published = window.displayProfile() {
            profile = published
            origin = "the profile the X11 desktop publishes (_ICC_PROFILE, \(published.count) bytes)"
        }
        let colours = DisplayColours(displayProfile: profile)
        Log.info("colour management: the display is " + (colours.display.isSRGB ? "sRGB" : origin))
        return colours
    }
}
