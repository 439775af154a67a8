import Foundation

/// Which language the frame speaks: `--language`, else the environment in gettext's own order for messages
/// (`LANGUAGE`'s first entry, then `LC_ALL`, `LC_MESSAGES`, `LANG`). Unset, `C` or `POSIX`: English.
public enum LanguageChoice {
    public static func language(option: String?, environment: [String: String]) -> Language {
        if let option, !option.isEmpty { return Language(option) }
        let language = environment["LANGUAGE"]?.split(separator: ":").first.map(String.init)
        // gettext ignores LANGUAGE when the messages' locale is C; a frame is seldom given LANGUAGE alone on purpose
        // to be ignored, so it counts here whenever it is set.
        let given = [language, environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty }
        return Language(given ?? "C")
    }
}
