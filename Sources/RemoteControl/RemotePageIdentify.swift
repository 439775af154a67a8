import GalleryCore

/// The remote page's part for telling frames apart and seeing one's screen: "Identify" (the frame shows its name
/// and address large for ten seconds: `identify`) and "Take screenshot" (`GET /api/v1/screenshot`, fetched with
/// the token as a blob and shown in the page, as the photo's thumbnail is). Ids: `identify-button`,
/// `screenshot-button`, `screen-status`, `screen-shot`.
enum RemotePageIdentify: RemotePagePart {
    static func section(_ book: any WordBook) -> String {
        """
          <section id="screen-panel" aria-labelledby="screen-title">
            <h2 id="screen-title">\(RemotePage.escape(book.tr("This frame's screen")))</h2>
            <div class="line">
              <button type="button" id="identify-button">\(RemotePage.escape(book.tr("Identify")))</button>
              <button type="button" id="screenshot-button">\(RemotePage.escape(book.tr("Take screenshot")))</button>
            </div>
            <p id="screen-status" role="status"></p>
            <img id="screen-shot" alt="\(RemotePage.escape(book.tr("The frame's screen")))" hidden>
          </section>

        """
    }

    static let css = """
    #screen-shot { display: block; max-width: 100%; height: auto; margin-top: 0.5em; border: 1px solid var(--rule, #888); }

    """

    /// Buttons wired at the first state (the page hands each part its `api` then); a screenshot replaces the last,
    /// whose blob: URL is revoked.
    static let js = #"""
    (function () {
      let wired = false, shotURL = null;
      function say(text) { document.getElementById("screen-status").textContent = text; }
      function wire(api, w) {
        document.getElementById("identify-button").addEventListener("click", async () => {
          try {
            await api("POST", "/api/v1/commands", { command: "identify" });
            say(w("The frame shows its name for ten seconds."));
          } catch (e) { say(e.message || String(e)); }
        });
        document.getElementById("screenshot-button").addEventListener("click", async () => {
          const button = document.getElementById("screenshot-button");
          button.disabled = true;
          say(w("Taking a screenshot…"));
          try {
            const response = await api("GET", "/api/v1/screenshot?size=1280&format=jpeg", undefined, true);
            if (!response.ok) {
              say(response.status === 429 ? w("A screenshot was taken a moment ago: try again shortly.")
                : response.status === 409 ? w("The display is off: nothing to see.")
                : w("The screenshot could not be taken."));
              return;
            }
            const blob = await response.blob();
            if (shotURL) URL.revokeObjectURL(shotURL);
            shotURL = URL.createObjectURL(blob);
            const img = document.getElementById("screen-shot");
            img.src = shotURL;
            img.hidden = false;
            say("");
          } catch (e) {
            say(e.message || String(e));
          } finally {
            button.disabled = false;
          }
        });
      }
      window.tesseraParts.push({
        render(state, api, w) { if (!wired) { wired = true; wire(api, w); } },
      });
    })();

    """#
}
