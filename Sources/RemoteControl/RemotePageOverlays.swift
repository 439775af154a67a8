import GalleryCore

/// The remote page's switches of the frame's overlays (the clock, the weather, the house's values…): a toggle each,
/// made from the state's `overlays` (so the page names whatever the frame has installed), sending
/// `overlay-on` / `overlay-off` with the overlay's name, the command Home Assistant's switches send. Ids:
/// `overlay-toggle-NAME` (a `role=switch` button, `aria-checked`), `overlay-words-NAME` (what it shows now).
enum RemotePageOverlays {
    static func section(_ book: any WordBook) -> String {
        """
          <section id="overlays-panel" aria-labelledby="overlays-title" hidden>
            <h2 id="overlays-title">\(RemotePage.escape(book.tr("On the photos")))</h2>
            <div id="overlay-toggles"></div>
          </section>

        """
    }

    static let css = """
    .overlay-toggle[aria-checked=true] { background: var(--accent); color: var(--accent-text); }
    .overlay-words { display: block; font-size: 0.85em; opacity: 0.7; white-space: pre-line; }

    """

    /// Runs before the page's own script, which calls `render` with each state and its `command`.
    static let js = #"""
    window.tesseraOverlays = (function () {
      const toggles = {};
      function row(name, command) {
        const line = document.createElement("div");
        line.className = "line";
        const title = document.createElement("span");
        title.id = "overlay-label-" + name;
        title.textContent = overlayTitle(name);
        const words = document.createElement("span");
        words.id = "overlay-words-" + name;
        words.className = "overlay-words";
        title.appendChild(words);
        const button = document.createElement("button");
        button.type = "button";
        button.id = "overlay-toggle-" + name;
        button.className = "overlay-toggle";
        button.setAttribute("role", "switch");
        button.setAttribute("aria-labelledby", title.id + " " + button.id);
        button.addEventListener("click", () =>
          command(button.getAttribute("aria-checked") === "true" ? "overlay-off" : "overlay-on", name));
        line.append(title, button);
        document.getElementById("overlay-toggles").appendChild(line);
        return { button, words };
      }
      function render(s, command) {
        const overlays = (s && s.overlays) || {};
        // The identify card is named in the state while it shows, but it is no switch (`RemotePageIdentify`).
        const names = Object.keys(overlays).filter((name) => name !== "identify").sort();
        document.getElementById("overlays-panel").hidden = names.length === 0;
        for (const name of names) {
          const toggle = toggles[name] || (toggles[name] = row(name, command));
          const on = overlays[name].on !== false;
          toggle.button.textContent = on ? w("On") : w("Off");
          toggle.button.setAttribute("aria-checked", on ? "true" : "false");
          toggle.words.textContent = overlays[name].shown && overlays[name].words ? overlays[name].words : "";
        }
      }
      return { render };
    })();

    """#
}
