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
public enum RemotePage {
    public static let html: String = head + "<style>" + RemotePageStyle.css + "</style>\n</head>\n" + body
        + "<script>" + RemotePageScript.js + "</script>\n</body>\n</html>\n"

    private static let head = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="color-scheme" content="dark">
    <meta name="theme-color" content="#111418">
    <meta name="referrer" content="no-referrer">
    <title>Tessera remote</title>

    """

    private static let body = """
    <body>
    <header>
      <h1 id="frame-name">Tessera</h1>
      <p id="status" role="status" aria-live="polite">Connecting…</p>
    </header>
    <main>
      <section id="token-panel" hidden>
        <h2>Token</h2>
        <p>This frame wants its remote token. On the frame's computer, <code>tessera remote-token</code> prints it.</p>
        <label for="token-field">Token</label>
        <input id="token-field" type="password" autocomplete="off" autocapitalize="off" spellcheck="false">
        <button id="token-save" type="button" class="wide">Use this token</button>
      </section>

      <section id="now" aria-labelledby="now-title">
        <h2 id="now-title">Now showing</h2>
        <div class="picture"><img id="now-photo" alt="The photo on the frame" hidden></div>
        <p id="now-caption" class="caption"></p>
        <p id="now-details" class="quiet"></p>
        <p id="now-source" class="quiet"></p>
      </section>

      <p id="locked-note" class="locked-note" hidden>The controls below work once the frame's remote token is given:
        on the frame's computer, <code>tessera remote-token</code> prints it and the page's address with it.</p>

      <section id="controls" aria-label="Controls">
        <div class="transport">
          <button id="btn-previous" type="button">Previous</button>
          <button id="btn-pause" type="button" class="primary">Pause</button>
          <button id="btn-next" type="button">Next</button>
        </div>
        <div class="segmented" role="group" aria-label="What shows">
          <button id="mode-wall" type="button" aria-pressed="false">Wall</button>
          <button id="mode-slideshow" type="button" aria-pressed="false">Slideshow</button>
        </div>
        <div class="line">
          <span id="display-label">Display</span>
          <button id="display-toggle" type="button" role="switch" aria-checked="true"
                  aria-labelledby="display-label display-toggle">On</button>
        </div>
      </section>

      <section id="source-panel" aria-labelledby="source-title">
        <h2 id="source-title">Source</h2>
        <label for="source-select">Photos from</label>
        <select id="source-select"></select>
        <label for="source-album">Album (empty for all)</label>
        <input id="source-album" type="text" autocomplete="off" autocapitalize="off" spellcheck="false">
        <button id="source-apply" type="button" class="wide">Apply</button>
      </section>

      <section id="timing" aria-labelledby="timing-title">
        <h2 id="timing-title">Timing</h2>
        <p>Display on: <span id="schedule-text">all day</span></p>
        <label for="interval-field">Seconds per photo</label>
        <div class="pair">
          <input id="interval-field" type="number" min="1" max="86400" step="any" inputmode="decimal">
          <button id="interval-apply" type="button">Set</button>
        </div>
      </section>

      <section id="settings" aria-labelledby="settings-title">
        <h2 id="settings-title">Settings</h2>
        <p class="quiet">Saved to the frame's configuration file. Some apply now, the rest at the next start.</p>
        <form id="settings-form" novalidate></form>
        <button id="settings-save" type="submit" form="settings-form" class="wide primary">Save settings</button>
        <p id="settings-message" role="status" aria-live="polite"></p>
      </section>
    </main>

    """
}
