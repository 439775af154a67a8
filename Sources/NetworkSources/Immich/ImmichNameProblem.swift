import GalleryCore

extension ImmichNames {
    /// What Immich could not match of a name given, as whole words for each kind of thing named (`what`: "album",
    /// "person", "tag", the kind's key, not words): a language agrees its "no" and "named" with the noun it is about
    /// (German "kein Album", "keine Person"), which one template with a translated `{kind}` dropped in cannot.
    enum Problem {
        /// No entry holds the name.
        case noneNamed
        /// Two entries hold the name whole (albums): the ID tells them apart.
        case severalNamed
        /// Several entries match the name in part (the server's person search); `{some}` lists up to three.
        case severalCalled

        /// Between the problems of one message: a semicolon, not a word. A list joined with "and" takes each
        /// language's own grammar for two and for more (Foundation's ListFormatter, not on Linux), which a separator
        /// cannot give; the semicolon reads the same for two or ten and only its glyph differs (Arabic "؛", Chinese "；").
        // Translators: between the problems in "Immich has {problems}…" (a semicolon and a space in English).
        static var separator: String { tr("; ", context: "list") }

        /// `{name}` as given (and `{some}`) filled from `values`, in the frame's language.
        func words(_ what: String, _ values: [String: String]) -> String {
            switch (self, what) {
            // Translators: one of the problems in "Immich has {problems}…"; {name} as given.
            case (.noneNamed, "album"): return tr("no album named “{name}”", values)
            // Translators: one of the problems in "Immich has {problems}…"; {name} as given.
            case (.noneNamed, "person"): return tr("no person named “{name}”", values)
            // Translators: one of the problems in "Immich has {problems}…"; {name} as given.
            case (.noneNamed, _): return tr("no tag named “{name}”", values)
            // Translators: one of the problems in "Immich has {problems}…"; {name} as given.
            case (.severalNamed, "album"): return tr("more than one album named “{name}” (give its ID)", values)
            // Translators: one of the problems in "Immich has {problems}…"; {name} as given.
            case (.severalNamed, "person"): return tr("more than one person named “{name}” (give its ID)", values)
            // Translators: one of the problems in "Immich has {problems}…"; {name} as given.
            case (.severalNamed, _): return tr("more than one tag named “{name}” (give its ID)", values)
            // Translators: one of the problems in "Immich has {problems}…"; {name} as given, {some} up to three it could be.
            case (.severalCalled, "album"): return tr("more than one album called “{name}” ({some})", values)
            // Translators: one of the problems in "Immich has {problems}…"; {name} as given, {some} up to three it could be.
            case (.severalCalled, "person"): return tr("more than one person called “{name}” ({some})", values)
            // Translators: one of the problems in "Immich has {problems}…"; {name} as given, {some} up to three it could be.
            case (.severalCalled, _): return tr("more than one tag called “{name}” ({some})", values)
            }
        }
    }
}
