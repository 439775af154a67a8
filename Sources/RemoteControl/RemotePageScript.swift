/// The remote page's script: the token, the API calls, the state polled every 2 s while the page is visible, the
/// controls, and the settings form built from `GET /api/v1/settings` (`RemotePageSettingsScript`, spliced in before the
/// start). Text from the frame only ever goes into `textContent` or a form control's value. Its words are English
/// keys said through `w`/`wn` (`RemotePageWords`, which holds each of them).
enum RemotePageScript {
    static let js = [opening, RemotePageSettingsScript.js, closing].joined(separator: "\n")

    /// From the start to the controls (the token, the API, the state and its rendering, the commands).
    private static let opening = #"""

    "use strict";
    (function () {
      const POLL_MS = 2000;
      const TOKEN_KEY = "tessera-remote-token";
      const $ = (id) => document.getElementById(id);
      let token = null;
      let state = null;
      let photoShown = null;   // the photo id whose thumbnail is on the page
      let photoURL = null;     // its blob: URL, revoked when replaced
      let pollTimer = null;
      let settingsFields = null;
      let settingsLoading = false;
      let settingsValues = {}; // the values the form was built or last saved with
      const edited = new Set(); // controls the person is changing: polling leaves them alone

      // The token: from the address's fragment (never sent to the server), else the one kept in this browser.
      function takeToken() {
        const match = /(?:^|[#&])token=([^&]*)/.exec(location.hash);
        if (match) {
          const given = decodeURIComponent(match[1]);
          try { localStorage.setItem(TOKEN_KEY, given); } catch (e) { /* private mode: kept for this visit */ }
          history.replaceState(null, "", location.pathname + location.search);
          return given;
        }
        try { return localStorage.getItem(TOKEN_KEY); } catch (e) { return null; }
      }

      function status(text, bad) {
        const s = $("status");
        s.textContent = text;
        s.classList.toggle("bad", !!bad);
      }

      function askForToken(why) {
        $("token-panel").hidden = false;
        lock(true);
        status(why, true);
      }

      // Without a token the frame takes nothing: every control says so by being disabled, and the note says where
      // the token comes from. Unlocked by the first state the frame answers with.
      const LOCKABLE = "#controls button, #source-panel select, #source-panel input, #source-panel button, "
        + "#timing input, #timing button, #settings-form input, #settings-form select, #settings-save";
      let locked = true;
      function lock(on) {
        locked = on;
        document.body.classList.toggle("locked", on);
        $("locked-note").hidden = !on;
        for (const element of document.querySelectorAll(LOCKABLE)) element.disabled = on;
      }

      class Refused extends Error {}

      // One request to the API with the token; the parsed JSON (or the response for a picture). A 401 asks for
      // the token; a frame out of reach says so.
      async function api(method, path, body, raw) {
        if (!token) { askForToken(w("No token yet: paste the frame's remote token below.")); throw new Refused("no token"); }
        let response;
        try {
          response = await fetch(path, {
            method, cache: "no-store", credentials: "omit",
            headers: Object.assign({ "Authorization": "Bearer " + token },
                                   body === undefined ? {} : { "Content-Type": "application/json" }),
            body: body === undefined ? undefined : JSON.stringify(body),
          });
        } catch (e) {
          status(w("Cannot reach the frame. Is it on, and on this network?"), true);
          throw new Refused("offline");
        }
        if (response.status === 401) {
          askForToken(w("The frame did not accept the token. Paste the current one below."));
          throw new Refused("unauthorized");
        }
        if (raw) return response;
        let answer = null;
        try { answer = await response.json(); } catch (e) { answer = null; }
        if (!response.ok) {
          const error = new Refused((answer && answer.error) || w("The frame answered {status}.", { status: response.status }));
          error.answer = answer;
          throw error;
        }
        return answer;
      }

      function render(s) {
        if (!s) return;
        state = s;
        $("token-panel").hidden = true;
        if (locked) lock(false);
        // What the owner must act on (another frame using this one's MQTT id) stands first, as a problem.
        if (s.notice) {
          const notice = sayNotice(s.notice);
          status(w("Connected. {notice}.", { notice: notice.charAt(0).toUpperCase() + notice.slice(1) }), true);
        }
        else status(s.online === false ? w("Connected; the frame is offline.") : w("Connected."), false);
        $("frame-name").textContent = s.name ? w("{name}'s frame", { name: s.name }) : "Tessera";
        const p = s.photo;
        if (p) {
          // A folder's file has a name (title) and no author; a source's photo an author and no name.
          const byline = p.author ? w("Photo by {name}", { name: p.author }) : "";
          $("now-caption").textContent = p.title || p.caption || byline || w("A photo");
          const details = [];
          if (p.title && p.caption) details.push(p.caption);
          if (p.author) details.push(w("By {name}", { name: p.author }));
          if (p.kind && p.kind !== "photo") details.push(kindWords(p.kind));
          if (typeof p.index === "number") details.push(w("photo {index} of {count}", { index: num(p.index + 1), count: num(s.photos) }));
          $("now-details").textContent = details.join(" · ");
        } else {
          $("now-caption").textContent = w("Nothing showing yet.");
          $("now-details").textContent = wn("{count} photo in the feed.", "{count} photos in the feed.", s.photos || 0);
        }
        const src = s.source || {};
        $("now-source").textContent = src.album ? w("From {source}, album {album}", { source: src.title || src.name || "?", album: src.album })
          : w("From {source}", { source: src.title || src.name || "?" });
        showPicture(p ? p.id : null);

        const pause = $("btn-pause");
        pause.textContent = s.paused ? w("Play") : w("Pause");
        pause.setAttribute("aria-pressed", s.paused ? "true" : "false");
        $("mode-wall").setAttribute("aria-pressed", s.mode === "wall" ? "true" : "false");
        $("mode-slideshow").setAttribute("aria-pressed", s.mode === "slideshow" ? "true" : "false");
        const on = s.display !== "off";
        const toggle = $("display-toggle");
        toggle.textContent = on ? w("On") : w("Off");
        toggle.setAttribute("aria-checked", on ? "true" : "false");

        $("schedule-text").textContent = s.schedule || w("all day");
        if (!edited.has("interval-field")) $("interval-field").value = s.interval;
        if (!edited.has("source-select")) { ensureSourceChoice(src.name); $("source-select").value = src.name || ""; }
        if (!edited.has("source-album")) $("source-album").value = src.album || "";
        window.tesseraOverlays.render(s, command);
        // The page's parts (health, other frames, the log…: `RemotePagePart`) read the same state.
        for (const part of window.tesseraParts) {
          try { part.render(s, api, w); } catch (e) { console.error(e); }
        }
      }

      // The thumbnail, fetched with the token when the photo changes, shown from a blob: URL.
      async function showPicture(id) {
        if (id === photoShown) return;
        photoShown = id;
        const img = $("now-photo");
        if (id === null) { img.hidden = true; return; }
        try {
          const response = await api("GET", "/api/v1/photo", undefined, true);
          if (photoShown !== id) return; // another photo came meanwhile
          if (!response.ok) { img.hidden = true; return; }
          const blob = await response.blob();
          if (photoShown !== id) return;
          if (photoURL) URL.revokeObjectURL(photoURL);
          photoURL = URL.createObjectURL(blob);
          img.src = photoURL;
          img.hidden = false;
        } catch (e) {
          if (photoShown === id) photoShown = null; // tried again at the next poll
        }
      }

      function ensureSourceChoice(name) {
        const select = $("source-select");
        if (!name || Array.from(select.options).some((o) => o.value === name)) return;
        const option = document.createElement("option");
        option.value = name;
        option.textContent = name;
        select.appendChild(option);
      }

      async function refresh() {
        try { render(await api("GET", "/api/v1/state")); } catch (e) { return; /* said in the status line */ }
        if (!settingsFields && !settingsLoading) {
          settingsLoading = true;
          loadSettings().finally(() => { settingsLoading = false; });
        }
      }

      function schedulePoll() {
        clearTimeout(pollTimer);
        pollTimer = null;
        if (document.visibilityState !== "visible") return;
        pollTimer = setTimeout(async () => { await refresh(); schedulePoll(); }, POLL_MS);
      }

      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") { refresh(); schedulePoll(); } else { clearTimeout(pollTimer); }
      });

      // A command as a key would give it; the answer is the new state, a refusal is said in the status line.
      async function command(name, argument, extra) {
        const body = Object.assign({ command: name }, argument === undefined ? {} : { argument }, extra || {});
        try {
          render(await api("POST", "/api/v1/commands", body));
          return true;
        } catch (e) {
          if (e.answer) status(sentence(e.message), true);
          return false;
        }
      }

      $("btn-previous").addEventListener("click", () => command("previous"));
      $("btn-next").addEventListener("click", () => command("next"));
      $("btn-pause").addEventListener("click", () => command(state && state.paused ? "play" : "pause"));
      $("mode-wall").addEventListener("click", () => command("wall"));
      $("mode-slideshow").addEventListener("click", () => command("slideshow"));
      $("display-toggle").addEventListener("click",
        () => command(state && state.display === "off" ? "display-on" : "display-off"));

      for (const id of ["interval-field", "source-select", "source-album"]) {
        $(id).addEventListener("input", () => edited.add(id));
      }
      $("interval-apply").addEventListener("click", async () => {
        const seconds = Number($("interval-field").value);
        if (!Number.isFinite(seconds) || seconds <= 0) { status(w("Seconds per photo must be a number above 0."), true); return; }
        if (await command("interval", seconds)) edited.delete("interval-field");
      });
      $("source-apply").addEventListener("click", async () => {
        const album = $("source-album").value.trim();
        if (await command("source", $("source-select").value, album ? { album } : {})) {
          edited.delete("source-select");
          edited.delete("source-album");
        }
      });

      $("token-save").addEventListener("click", () => {
        const given = $("token-field").value.trim();
        if (!given) { status(w("Paste the token first."), true); return; }
        token = given;
        try { localStorage.setItem(TOKEN_KEY, given); } catch (e) { /* kept for this visit */ }
        $("token-field").value = "";
        start();
      });

    """#

    /// The start, once the settings form's handlers are set.
    private static let closing = #"""

      async function start() {
        await refresh();
        schedulePoll();
      }

      lock(true);
      token = takeToken();
      if (!token) askForToken(w("No token yet: paste the frame's remote token below."));
      else start();
    })();

    """#
}
