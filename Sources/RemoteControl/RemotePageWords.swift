import Foundation
import GalleryCore

/// The words the remote page's script says, in the page's book: a JSON table from English to the book's words
/// (`WORDS`), the plural entries' forms (`PLURALS`) with the language's rule as a function (`PLURAL`, made from the
/// parsed `Plural-Forms`, `PluralRule.javascript`), and `w(english, values)` / `wn(one, many, n, values)` to say
/// them with `{name}` filled. The script keeps the English as the keys; each key here is a literal call, so
/// `scripts/extract-words` puts it in the template.
enum RemotePageWords {
    /// The script's first lines: the tables and the functions that read them.
    static func script(_ book: any WordBook) -> String {
        let list = words(book)
        let plural: PluralRule = (book as? MOCatalog)?.pluralRule ?? .germanic
        // The tag goes into the script: only a tag's own characters (it may come from the environment).
        let tag = book.language.tag.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        return "\nconst LANG = \"\(tag.isEmpty ? "en" : tag)\";\n"
            + "const WORDS = \(json(list.words));\n"
            + "const PLURALS = \(json(list.plurals));\n"
            + "const PLURAL = \(plural.javascript);\n"
            + "const OVERLAYS = \(json(OverlayTitles.titles.mapValues { book.tr($0) }));\n"
            + "const CHOICES = \(json(ValueTitles.choices(in: book)));\n"
            + "const KINDS = \(json(ValueTitles.kinds(in: book)));\n"
            + "const NOTICES = \(json([[ClientIDClash.template, book.tr(ClientIDClash.template)]]));\n"
            + helpers
    }

    /// Every word of the script, in the page's script's order.
    static func words(_ book: any WordBook) -> Table {
        var list = Table(book: book)
        list.tr("No token yet: paste the frame's remote token below.")
        list.tr("Cannot reach the frame. Is it on, and on this network?")
        list.tr("The frame did not accept the token. Paste the current one below.")
        // Translators: {status} is an HTTP status number (503).
        list.tr("The frame answered {status}.")
        // Translators: {notice} is the frame's own words on a problem (in English).
        list.tr("Connected. {notice}.")
        list.tr("Connected; the frame is offline.")
        list.tr("Connected.")
        // Translators: the page's title; {name} is the owner's name as the frame was told it ("Anna").
        list.tr("{name}'s frame")
        list.tr("Photo by {name}")
        list.tr("A photo")
        list.tr("By {name}")
        // Translators: the photo's place in the feed ("photo 3 of 120").
        list.tr("photo {index} of {count}")
        list.tr("Nothing showing yet.")
        list.trn("{count} photo in the feed.", "{count} photos in the feed.")
        // Translators: where the photos come from ("From Picsum").
        list.tr("From {source}")
        list.tr("From {source}, album {album}")
        list.tr("Play")
        list.tr("Pause")
        // Translators: the state of a switch (the display, an overlay).
        list.tr("On", context: "switch")
        // Translators: the state of a switch (the display, an overlay).
        list.tr("Off", context: "switch")
        list.tr("all day")
        list.tr("Seconds per photo must be a number above 0.")
        list.tr("Paste the token first.")
        // The other frames' part (`RemotePageFrames`): a frame seen without an address to open.
        list.tr("no address known")
        // Translators: a choice list's entry when the setting has no value of its own.
        list.tr("(default)")
        // Translators: beside a setting: it applies at once.
        list.tr("now", context: "setting applies")
        // Translators: beside a setting: it applies when the frame starts again.
        list.tr("at next start")
        list.tr("The settings cannot be loaded.")
        list.tr("Not saved.")
        list.tr("must be a number")
        list.tr("must look like 21:00-23:00 30% (days first if any)")
        list.tr("must look like 07:00-23:00 or mon-fri 06:30-08:30,17:00-23:00; sat-sun 08:00-23:30")
        list.tr("Not saved: a value does not read. Nothing changed.")
        list.tr("Nothing changed.")
        list.tr("Saved.")
        // Translators: {names} is a list of settings' names ("interval, clock").
        list.tr("Applied now: {names}.")
        // Translators: {names} is a list of settings' names ("interval, clock").
        list.tr("At the next start: {names}.")
        list.tr("Not saved: the frame cannot be reached.")
        // The server's own refusals (English in the API), said by the page through `sentence`.
        list.tr("the frame did not answer in time")
        list.tr("saved, but the frame did not answer in time")
        list.tr("this frame has no settings form")
        list.tr("no photo shows")
        list.tr("too many connections: try again in a moment")
        list.tr("too many wrong tokens: try again later")
        list.tr("not with this method")
        list.tr("the answer failed")
        // The screen's part (`RemotePageIdentify`).
        list.tr("The frame shows its name for ten seconds.")
        list.tr("Taking a screenshot…")
        list.tr("A screenshot was taken a moment ago: try again shortly.")
        list.tr("The display is off: nothing to see.")
        list.tr("The screenshot could not be taken.")
        // The health part's (`RemotePageHealth`).
        RemotePageHealth.words(&list)
        // The settings file's (`RemotePageSettingsFile`).
        RemotePageSettingsFile.words(&list)
        // The log panel's (`RemotePageLog`).
        RemotePageLog.words(&list)
        return list
    }

    /// The table being written: each English key with the book's words for it (placeholders left for the script).
    struct Table {
        let book: any WordBook
        var words: [String: String] = [:]
        var plurals: [String: [String]] = [:]

        mutating func tr(_ english: String, context: String? = nil) {
            words[english] = book.lookUp(english, context: context)
        }

        /// Every form of a plural entry, in the order of the book's rule (`PLURAL`); English's two where the book is
        /// no catalogue of its own. An entry left out is said in English.
        mutating func trn(_ one: String, _ many: String) {
            if let catalogue = book as? MOCatalog {
                if let forms = catalogue.forms(one), forms.count == catalogue.pluralRule.count, !forms.contains("") {
                    plurals[one] = forms
                }
            } else {
                plurals[one] = [book.lookUp(one, many, count: 1, context: nil), book.lookUp(one, many, count: 2, context: nil)]
            }
        }
    }

    /// JSON safe inside a `<script>`: no `<` (so no `</script>` or `<!--`), no line separators JavaScript once
    /// refused in strings.
    static func json(_ value: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    /// `w` and `wn`: a missing word is its English; `{count}` is written in the page's language's digits.
    private static let helpers = #"""
    function num(n) { try { return Number(n).toLocaleString(LANG); } catch (e) { return String(n); } }
    function fillWords(text, values) {
      return text.replace(/\{([a-z]+)\}/g, (all, name) => values && name in values ? String(values[name]) : all);
    }
    function w(english, values) { return fillWords(WORDS[english] || english, values); }
    // An overlay's title, a choice's or a photo kind's words: the book's, else from the value itself.
    function overlayTitle(name) { return OVERLAYS[name] || name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, " "); }
    function choiceWords(value) { return CHOICES[value] || value; }
    function kindWords(kind) { return KINDS[kind] || kind; }
    // The frame's notice (English, filled) in the book's words: matched against each template's English.
    function sayNotice(text) {
      for (const [english, said] of NOTICES) {
        const names = [];
        const pattern = english.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
          .replace(/\\\{([a-z]+)\\\}/g, (all, name) => { names.push(name); return "(.+?)"; });
        const found = new RegExp("^" + pattern + "$").exec(text);
        if (found) return fillWords(said, Object.fromEntries(names.map((name, i) => [name, found[i + 1]])));
      }
      return text;
    }
    // The server's words (translated when the book has them) as a sentence: a capital first, and a full stop last
    // unless a sentence's end is there already (。！？؟ too).
    function sentence(text) {
      const t = w(String(text || "").trim());
      if (!t) return w("Not saved.");
      return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?。！？؟…।]$/u.test(t) ? "" : ".");
    }
    function wn(one, many, n, values) {
      const forms = PLURALS[one];
      const text = (forms && forms[PLURAL(n)]) || (n === 1 ? one : many);
      return fillWords(text, Object.assign({ count: num(n) }, values || {}));
    }

    """#
}
