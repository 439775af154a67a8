import CGettext
import Foundation
import GalleryCore

/// The frame's words through GNU gettext (glibc's libintl): `dgettext`/`dngettext` in the `tessera` domain, bound to
/// the folder the catalogues were installed in (`bindtextdomain`), always handed back as UTF-8
/// (`bind_textdomain_codeset`). One per process: gettext's language is the process's.
public final class GettextBook: WordBook {
    public static let domain = CatalogueFolder.domain
    public let language: Language
    /// The folder holding `<lang>/LC_MESSAGES/tessera.mo`.
    public let directory: String

    /// Points gettext at `catalogue` (the shipped catalogue chosen for `language`: `pt_BR` for `pt_PT`, as the
    /// remote page chooses, `AcceptLanguage.catalogue`) in `directory`, by `LANGUAGE`, which gettext honours over
    /// the messages' locale under any locale but plain C. The messages' locale comes from the environment
    /// (`setlocale(LC_MESSAGES, "")`); where that is C or not installed (a frame with no locales generated),
    /// `C.UTF-8`, else `en_US.UTF-8`; nil when neither exists (gettext would then ignore `LANGUAGE`: English).
    /// Only LC_MESSAGES changes (the answers are UTF-8 by `bind_textdomain_codeset`): LC_CTYPE stays C, as Xlib
    /// needs for the window's title (under C.UTF-8 it sets no WM_NAME), and numbers and times stay C for the C
    /// libraries underneath (a decimal comma would break their parsing); dates and numbers shown are written by
    /// Foundation in `language.locale`.
    public init?(language: Language, catalogue: String, directory: String) {
        self.language = language
        self.directory = directory
        let messages = setlocale(LC_MESSAGES, "").map { String(cString: $0) }
        if messages == nil || messages == "C" || messages == "POSIX" {
            guard setlocale(LC_MESSAGES, "C.UTF-8") != nil || setlocale(LC_MESSAGES, "en_US.UTF-8") != nil
            else { return nil }
        }
        setenv("LANGUAGE", catalogue, 1)
        _ = bindtextdomain(Self.domain, directory)
        _ = bind_textdomain_codeset(Self.domain, "UTF-8")
    }

    // gettext hands back the key's own pointer when it has no translation: that is Swift's temporary C string of
    // the key, so the answer is read inside `withCString` and told apart by its address.
    public func lookUp(_ english: String, context: String?) -> String {
        let key = context.map { "\($0)\u{4}\(english)" } ?? english
        return key.withCString { k in
            guard let found = dgettext(Self.domain, k), UnsafePointer(found) != k else { return english }
            return String(cString: found)
        }
    }

    public func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String {
        let one = context.map { "\($0)\u{4}\(singular)" } ?? singular
        let n = UInt(count.magnitude)
        let english = count == 1 ? singular : plural
        return one.withCString { o in
            plural.withCString { p in
                guard let found = dngettext(Self.domain, o, p, n), UnsafePointer(found) != o, UnsafePointer(found) != p
                else { return english }
                return String(cString: found)
            }
        }
    }

    /// Where the catalogues are (`CatalogueFolder`: TESSERA_LOCALE_DIR, PREFIX/share/locale, the build's own).
    public static func catalogueFolder(executable: String, environment: [String: String]) -> String? {
        CatalogueFolder.find(executable: executable, environment: environment)
    }
}
