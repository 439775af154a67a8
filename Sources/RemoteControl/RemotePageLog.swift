import GalleryCore

/// The remote page's log panel: the frame's last lines (`GET /api/v1/log`), folded away until opened (a
/// `<details>`), read when it opens and again with its refresh button; a warning is marked in words and colour.
/// The lines go into `textContent` only. Ids: `log-details`, `log-refresh`, `log-message`, `log-lines` (an `<ol>`
/// of `li.log-line`, `li.log-warning` for a warning).
enum RemotePageLog: RemotePagePart {
    /// Lines the panel asks for.
    static let lines = 200

    static func section(_ book: any WordBook) -> String {
        """
          <section id="log-panel" aria-labelledby="log-title">
            <details id="log-details">
              <summary><h2 id="log-title">\(RemotePage.escape(book.tr("The frame's log")))</h2></summary>
              <div class="line"><button type="button" id="log-refresh">\(RemotePage.escape(book.tr("Refresh")))</button></div>
              <p id="log-message" role="status" aria-live="polite"></p>
              <ol id="log-lines" class="log-lines"></ol>
            </details>
          </section>

        """
    }

    /// The words its script says (`w`), in the page's table.
    static func words(_ list: inout RemotePageWords.Table) {
        // Translators: before a line of the frame's log that is a warning.
        list.tr("Warning:")
        list.tr("Reading the log…")
        list.tr("Nothing in the log yet.")
        list.tr("The log cannot be read.")
    }

    static let css = """
    #log-panel summary { cursor: pointer; min-height: var(--touch); display: flex; align-items: center; gap: 8px; }
    #log-panel summary h2 { display: inline; margin: 0; }
    .log-lines { list-style: none; margin: 8px 0 0; padding: 0; max-height: 60vh; overflow: auto;
      font-family: ui-monospace, monospace; font-size: 0.8em; }
    .log-line { padding: 3px 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
    .log-line time { color: var(--quiet); margin-inline-end: 0.6em; }
    .log-warning { color: var(--bad); }
    .log-level { margin-inline-end: 0.6em; }

    """

    /// Registers the part; `render` keeps the page's `api` and wires the panel once.
    static let js = #"""
    window.tesseraParts.push((function () {
      const LINES = \#(lines);
      let api = null, loading = false, wired = false;
      const $ = (id) => document.getElementById(id);
      function row(line) {
        const item = document.createElement("li");
        const warning = line.level === "warning";
        item.className = "log-line" + (warning ? " log-warning" : "");
        const at = new Date(Number(line.time) * 1000);
        const time = document.createElement("time");
        if (!isNaN(at)) {
          time.dateTime = at.toISOString();
          try { time.textContent = at.toLocaleTimeString(LANG); } catch (e) { time.textContent = at.toLocaleTimeString(); }
        }
        item.appendChild(time);
        if (warning) {
          const level = document.createElement("strong");
          level.className = "log-level";
          level.textContent = w("Warning:");
          item.appendChild(level);
        }
        const text = document.createElement("span");
        text.className = "log-text";
        text.textContent = String(line.text || "");
        item.appendChild(text);
        return item;
      }
      async function load() {
        if (loading) return;
        if (!api) { $("log-message").textContent = w("Paste the token first."); return; }
        loading = true;
        $("log-message").textContent = w("Reading the log…");
        try {
          const answer = await api("GET", "/api/v1/log?lines=" + LINES);
          const lines = (answer && Array.isArray(answer.lines)) ? answer.lines : [];
          $("log-lines").replaceChildren(...lines.map(row));
          $("log-message").textContent = lines.length ? "" : w("Nothing in the log yet.");
          $("log-lines").scrollTop = $("log-lines").scrollHeight;
        } catch (e) {
          $("log-message").textContent = w("The log cannot be read.");
        } finally {
          loading = false;
        }
      }
      function wire() {
        if (wired) return;
        wired = true;
        $("log-details").addEventListener("toggle", () => { if ($("log-details").open) load(); });
        $("log-refresh").addEventListener("click", load);
      }
      document.addEventListener("DOMContentLoaded", wire);
      if (document.readyState !== "loading") wire();
      return {
        render(state, given) {
          const first = !api;
          api = given;
          wire();
          if (first && $("log-details").open) load();
        },
      };
    })());

    """#
}
