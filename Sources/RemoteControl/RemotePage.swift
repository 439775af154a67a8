import GalleryCore

/// The remote page served at `/`: one self-contained document (its style and script inline, nothing fetched from
/// elsewhere), for a phone first and fine on a desktop. It runs under the server's Content-Security-Policy
/// `default-src 'self'; img-src 'self' blob:; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'`:
/// the thumbnail is fetched with the token and shown from a `blob:` URL, nothing else leaves the page.
///
/// The token comes in the address's fragment (`#token=…`, never sent to the server), is kept in the browser's
/// localStorage and sent as `Authorization: Bearer` on every request; no cookies. Elements the tests drive have
/// stable ids (`btn-next`, `settings-form`, `setting-NAME`, `error-NAME`…). Every text from the frame is set with
/// `textContent`, never parsed as HTML. Until the frame has taken the token, every control is disabled (`locked`
/// on the body, `disabled` on each) and `locked-note` says how to get it.
///
/// The page is written in one book's language (the phone's `Accept-Language`, `WordBooks`): `lang` and `dir` on
/// the root, every word through `book.tr`, the script's words in a JSON table (`RemotePageWords`). Translations are
/// escaped for HTML like any text; the style uses logical sides, so a right-to-left page mirrors.
public enum RemotePage {
    /// The page in the frame's language.
    public static var html: String { html(book: Words.book) }

    public static func html(book: any WordBook) -> String {
        head(book) + "<style>" + RemotePageStyle.css + RemotePageOverlays.css + RemotePageParts.css + "</style>\n</head>\n"
            + body(book) + "<script>" + RemotePageWords.script(book) + RemotePageOverlays.js + RemotePageParts.js
            + RemotePageScript.js
            + "</script>\n</body>\n</html>\n"
    }

    private static func head(_ book: any WordBook) -> String {
        let language = book.language
        return """
        <!doctype html>
        <html lang="\(escape(language.tag))" dir="\(language.isRightToLeft ? "rtl" : "ltr")">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="color-scheme" content="dark">
        <meta name="theme-color" content="#111418">
        <meta name="referrer" content="no-referrer">
        <title>\(escape(book.tr("Tessera remote")))</title>

        """
    }

    /// `text` safe in HTML's text and attribute values.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Translated words with `{command}` made the command's code element (the words escaped, the element not).
    private static func withCommand(_ words: String) -> String {
        WordTemplate.fill(escape(words), ["command": "<code>tessera remote-token</code>"])
    }

    private static func body(_ book: any WordBook) -> String {
        let t = { (english: String) in escape(english) }
        return """
        <body>
        <header>
          <h1 id="frame-name">Tessera</h1>
          <p id="status" role="status" aria-live="polite">\(t(book.tr("Connecting…")))</p>
        </header>
        <main>
          <section id="token-panel" hidden>
            <h2>\(t(book.tr("Token")))</h2>
            <p>\(withCommand(book.tr("This frame wants its remote token. On the frame's computer, {command} prints it.")))</p>
            <label for="token-field">\(t(book.tr("Token")))</label>
            <input id="token-field" type="password" autocomplete="off" autocapitalize="off" spellcheck="false">
            <button id="token-save" type="button" class="wide">\(t(book.tr("Use this token")))</button>
          </section>

          <section id="now" aria-labelledby="now-title">
            <h2 id="now-title">\(t(book.tr("Now showing")))</h2>
            <div class="picture"><img id="now-photo" alt="\(t(book.tr("The photo on the frame")))" hidden></div>
            <p id="now-caption" class="caption"></p>
            <p id="now-details" class="quiet"></p>
            <p id="now-source" class="quiet"></p>
          </section>

          <p id="locked-note" class="locked-note" hidden>\(withCommand(book.tr("The controls below work once the frame's remote token is given: on the frame's computer, {command} prints it and the page's address with it.")))</p>

          <section id="controls" aria-label="\(t(book.tr("Controls")))">
            <div class="transport">
              <button id="btn-previous" type="button">\(t(book.tr("Previous")))</button>
              <button id="btn-pause" type="button" class="primary">\(t(book.tr("Pause")))</button>
              <button id="btn-next" type="button">\(t(book.tr("Next")))</button>
            </div>
            <div class="segmented" role="group" aria-label="\(t(book.tr("What shows")))">
              <button id="mode-wall" type="button" aria-pressed="false">\(t(book.tr("Wall", context: "mode")))</button>
              <button id="mode-slideshow" type="button" aria-pressed="false">\(t(book.tr("Slideshow", context: "mode")))</button>
            </div>
            <div class="line">
              <span id="display-label">\(t(book.tr("Display")))</span>
              <button id="display-toggle" type="button" role="switch" aria-checked="true"
                      aria-labelledby="display-label display-toggle">\(t(book.tr("On", context: "switch")))</button>
            </div>
          </section>

          <section id="source-panel" aria-labelledby="source-title">
            <h2 id="source-title">\(t(book.tr("Source")))</h2>
            <label for="source-select">\(t(book.tr("Photos from")))</label>
            <select id="source-select"></select>
            <label for="source-album">\(t(book.tr("Album (empty for all)")))</label>
            <input id="source-album" type="text" autocomplete="off" autocapitalize="off" spellcheck="false">
            <button id="source-apply" type="button" class="wide">\(t(book.tr("Apply")))</button>
          </section>

        \(RemotePageOverlays.section(book))  <section id="timing" aria-labelledby="timing-title">
            <h2 id="timing-title">\(t(book.tr("Timing")))</h2>
            <p>\(timingLine(book))</p>
            <label for="interval-field">\(t(book.tr("Seconds per photo")))</label>
            <div class="pair">
              <input id="interval-field" type="number" min="1" max="86400" step="any" inputmode="decimal">
              <button id="interval-apply" type="button">\(t(book.tr("Set", context: "button")))</button>
            </div>
          </section>

          <section id="settings" aria-labelledby="settings-title">
            <h2 id="settings-title">\(t(book.tr("Settings")))</h2>
            <p class="quiet">\(t(book.tr("Saved to the frame's configuration file. Some apply now, the rest at the next start.")))</p>
            <form id="settings-form" novalidate></form>
            <button id="settings-save" type="submit" form="settings-form" class="wide primary">\(t(book.tr("Save settings")))</button>
            <p id="settings-message" role="status" aria-live="polite"></p>
          </section>
        \(RemotePageParts.sections(book))</main>

        """
    }

    /// "Display on: all day", the hours in their own element (the script fills them in).
    private static func timingLine(_ book: any WordBook) -> String {
        // Translators: {hours} is the display's hours ("07:00-23:00") or "all day".
        let words = escape(book.tr("Display on: {hours}"))
        return WordTemplate.fill(words, ["hours": "<span id=\"schedule-text\">\(escape(book.tr("all day")))</span>"])
    }
}
