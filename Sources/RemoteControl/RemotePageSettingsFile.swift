import GalleryCore

/// The remote page's settings file, beside the settings: "Export settings" fetches `GET /api/v1/settings/export`
/// with the token and offers the file as a download (a blob behind a link, named as the frame named it); "Import
/// settings…" reads a file the owner picks and sends it to `POST /api/v1/settings/import`, then says what was
/// applied, or the refusal and its problems by setting, as the form does, and reloads the form. Ids:
/// `settings-export`, `settings-export-link`, `settings-import`, `settings-import-file`, `settings-file-message`,
/// `settings-file-problems` (an `<ul>` of `li` with `data-setting`). Text from the frame goes into `textContent`.
enum RemotePageSettingsFile: RemotePagePart {
    static func section(_ book: any WordBook) -> String {
        let t = RemotePage.escape
        return """
          <section id="settings-file" aria-labelledby="settings-file-title">
            <h2 id="settings-file-title">\(t(book.tr("Settings from one frame to another")))</h2>
            <p class="quiet">\(t(book.tr("Export this frame's settings as a file, then import it on another frame's page to set it up the same way. Names, tokens and passwords stay with each frame.")))</p>
            <div class="pair settings-file-buttons">
              <button type="button" id="settings-export">\(t(book.tr("Export settings")))</button>
              <button type="button" id="settings-import">\(t(book.tr("Import settings…")))</button>
            </div>
            <input type="file" id="settings-import-file" accept=".json,application/json" hidden>
            <p><a id="settings-export-link" hidden></a></p>
            <p id="settings-file-message" role="status" aria-live="polite"></p>
            <ul id="settings-file-problems" class="settings-file-problems"></ul>
          </section>

        """
    }

    /// The words its script says (`w`), in the page's table.
    static func words(_ list: inout RemotePageWords.Table) {
        list.tr("Exporting the settings…")
        // Translators: {file} is the file's name (tessera-settings-hall.json).
        list.tr("Exported as {file}.")
        list.tr("The settings cannot be exported.")
        list.tr("Importing the settings…")
        // Translators: {name} is the frame the file came from, as its owner named it.
        list.tr("Imported the settings of {name}.")
        list.tr("Imported the settings.")
        list.tr("Not imported: the frame cannot be reached.")
        // Translators: {names} is a list of commands the frame refused to apply now ("source:folder").
        list.tr("Not applied now: {names}.")
        list.tr("That file is too large to be a settings file.")
        // Translators: a setting's name, then why its value was refused ("fill: must be one of: blur, matte, black").
        list.tr("{name}: {problem}")
    }

    static let css = """
    .settings-file-buttons { grid-template-columns: 1fr 1fr; }
    #settings-file-message.good { color: var(--good); }
    #settings-file-message.bad { color: var(--bad); }
    .settings-file-problems { color: var(--bad); margin: 4px 0 0; padding-inline-start: 1.2em; }
    .settings-file-problems:empty { display: none; }

    """

    /// Registers the part; `render` keeps the page's `api`; the buttons are wired once.
    static let js = #"""
    window.tesseraParts.push((function () {
      const MAX_BYTES = \#(SettingsFile.maxBytes);
      let api = null, wired = false, busy = false;
      const $ = (id) => document.getElementById(id);
      function say(text, good) {
        const m = $("settings-file-message");
        m.textContent = text;
        m.className = good === undefined ? "" : good ? "good" : "bad";
      }
      function problems(list) {
        const items = Object.keys(list || {}).sort().map((name) => {
          const item = document.createElement("li");
          item.dataset.setting = name;
          item.textContent = w("{name}: {problem}", { name, problem: String(list[name]) });
          return item;
        });
        $("settings-file-problems").replaceChildren(...items);
      }
      // The file's name from `attachment; filename="…"`.
      function named(disposition) {
        const found = /filename="([^"]+)"/.exec(disposition || "");
        return found ? found[1] : "tessera-settings.json";
      }
      async function exportSettings() {
        if (!api) { say(w("Paste the token first."), false); return; }
        problems({});
        say(w("Exporting the settings…"));
        try {
          const response = await api("GET", "/api/v1/settings/export", undefined, true);
          if (!response.ok) {
            let answer = null;
            try { answer = await response.json(); } catch (e) { answer = null; }
            say(answer && answer.error ? sentence(answer.error) : w("The settings cannot be exported."), false);
            return;
          }
          const blob = await response.blob();
          const name = named(response.headers.get("Content-Disposition"));
          const link = $("settings-export-link");
          if (link.href) URL.revokeObjectURL(link.href);
          link.href = URL.createObjectURL(blob);
          link.download = name;
          link.textContent = name;
          link.hidden = false;
          link.click();
          say(w("Exported as {file}.", { file: name }), true);
        } catch (e) {
          say(w("The settings cannot be exported."), false);
        }
      }
      async function importFile(file) {
        problems({});
        if (file.size > MAX_BYTES) { say(w("That file is too large to be a settings file."), false); return; }
        let body;
        const text = await file.text();
        // Sent as read: what is not JSON goes as a string, which the frame refuses with its reason.
        try { body = JSON.parse(text); } catch (e) { body = text; }
        say(w("Importing the settings…"));
        try {
          const answer = await api("POST", "/api/v1/settings/import", body);
          const from = body && typeof body === "object" && typeof body.from === "string" ? body.from : "";
          const parts = [from ? w("Imported the settings of {name}.", { name: from }) : w("Imported the settings.")];
          if (answer.applied && answer.applied.length) parts.push(w("Applied now: {names}.", { names: answer.applied.join(", ") }));
          if (answer.atNextStart && answer.atNextStart.length) {
            parts.push(w("At the next start: {names}.", { names: answer.atNextStart.join(", ") }));
          }
          // Saved, but refused by the frame as it is now (a source it cannot show here): said with why.
          const refused = answer.refused || {};
          if (Object.keys(refused).length) {
            parts.push(w("Not applied now: {names}.", { names: Object.keys(refused).sort().join(", ") }));
            problems(refused);
          }
          say(parts.join(" "), true);
          if (window.tesseraSettingsChanged) window.tesseraSettingsChanged();
        } catch (e) {
          if (e.answer) { problems(e.answer.problems); say(sentence(e.message), false); }
          else if (e.message === "offline") say(w("Not imported: the frame cannot be reached."), false);
        }
      }
      function wire() {
        if (wired) return;
        wired = true;
        $("settings-export").addEventListener("click", async () => {
          if (busy) return;
          busy = true;
          try { await exportSettings(); } finally { busy = false; }
        });
        $("settings-import").addEventListener("click", () => {
          if (!api) { say(w("Paste the token first."), false); return; }
          $("settings-import-file").click();
        });
        $("settings-import-file").addEventListener("change", async () => {
          const input = $("settings-import-file");
          const file = input.files && input.files[0];
          if (!file || busy) return;
          busy = true;
          try { await importFile(file); } finally { busy = false; input.value = ""; }
        });
      }
      document.addEventListener("DOMContentLoaded", wire);
      if (document.readyState !== "loading") wire();
      return {
        render(state, given) {
          api = given;
          wire();
        },
      };
    })());

    """#
}
