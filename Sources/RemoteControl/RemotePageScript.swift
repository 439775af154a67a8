/// The remote page's script: the token, the API calls, the state polled every 2 s while the page is visible, the
/// controls and the settings form built from `GET /api/v1/settings`. Text from the frame only ever goes into
/// `textContent` or a form control's value.
enum RemotePageScript {
    static let js = #"""

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
        if (!token) { askForToken("No token yet: paste the frame's remote token below."); throw new Refused("no token"); }
        let response;
        try {
          response = await fetch(path, {
            method, cache: "no-store", credentials: "omit",
            headers: Object.assign({ "Authorization": "Bearer " + token },
                                   body === undefined ? {} : { "Content-Type": "application/json" }),
            body: body === undefined ? undefined : JSON.stringify(body),
          });
        } catch (e) {
          status("Cannot reach the frame. Is it on, and on this network?", true);
          throw new Refused("offline");
        }
        if (response.status === 401) {
          askForToken("The frame did not accept the token. Paste the current one below.");
          throw new Refused("unauthorized");
        }
        if (raw) return response;
        let answer = null;
        try { answer = await response.json(); } catch (e) { answer = null; }
        if (!response.ok) {
          const error = new Refused((answer && answer.error) || ("The frame answered " + response.status + "."));
          error.answer = answer;
          throw error;
        }
        return answer;
      }

      function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

      function render(s) {
        if (!s) return;
        state = s;
        $("token-panel").hidden = true;
        if (locked) lock(false);
        // What the owner must act on (another frame using this one's MQTT id) stands first, as a problem.
        if (s.notice) status("Connected. " + s.notice.charAt(0).toUpperCase() + s.notice.slice(1) + ".", true);
        else status(s.online === false ? "Connected; the frame is offline." : "Connected.", false);
        $("frame-name").textContent = s.name ? s.name + "'s frame" : "Tessera";
        const p = s.photo;
        if (p) {
          // A folder's file has a name (title) and no author; a source's photo an author and no name.
          const byline = p.author ? "Photo by " + p.author : "";
          $("now-caption").textContent = p.title || p.caption || byline || "A photo";
          const details = [];
          if (p.title && p.caption) details.push(p.caption);
          if (p.author) details.push("By " + p.author);
          if (p.kind && p.kind !== "photo") details.push(p.kind.replace("-", " "));
          if (typeof p.index === "number") details.push("photo " + (p.index + 1) + " of " + s.photos);
          $("now-details").textContent = details.join(" · ");
        } else {
          $("now-caption").textContent = "Nothing showing yet.";
          $("now-details").textContent = plural(s.photos || 0, "photo", "photos") + " in the feed.";
        }
        const src = s.source || {};
        $("now-source").textContent = "From " + (src.title || src.name || "?") + (src.album ? ", album " + src.album : "");
        showPicture(p ? p.id : null);

        const pause = $("btn-pause");
        pause.textContent = s.paused ? "Play" : "Pause";
        pause.setAttribute("aria-pressed", s.paused ? "true" : "false");
        $("mode-wall").setAttribute("aria-pressed", s.mode === "wall" ? "true" : "false");
        $("mode-slideshow").setAttribute("aria-pressed", s.mode === "slideshow" ? "true" : "false");
        const on = s.display !== "off";
        const toggle = $("display-toggle");
        toggle.textContent = on ? "On" : "Off";
        toggle.setAttribute("aria-checked", on ? "true" : "false");

        $("schedule-text").textContent = s.schedule || "all day";
        if (!edited.has("interval-field")) $("interval-field").value = s.interval;
        if (!edited.has("source-select")) { ensureSourceChoice(src.name); $("source-select").value = src.name || ""; }
        if (!edited.has("source-album")) $("source-album").value = src.album || "";
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
        if (!Number.isFinite(seconds) || seconds <= 0) { status("Seconds per photo must be a number above 0.", true); return; }
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
        if (!given) { status("Paste the token first.", true); return; }
        token = given;
        try { localStorage.setItem(TOKEN_KEY, given); } catch (e) { /* kept for this visit */ }
        $("token-field").value = "";
        start();
      });

      // The settings form, one control per field the frame offers.
      function control(field) {
        let input;
        if (field.kind === "choice") {
          input = document.createElement("select");
          for (const choice of field.choices || []) {
            const option = document.createElement("option");
            option.value = choice;
            option.textContent = choice;
            input.appendChild(option);
          }
          if (field.value == null) {
            const none = document.createElement("option");
            none.value = "";
            none.textContent = "(default)";
            input.insertBefore(none, input.firstChild);
          }
        } else {
          input = document.createElement("input");
          if (field.kind === "flag") {
            input.type = "checkbox";
          } else if (field.kind === "number") {
            input.type = "number";
            input.step = "any";
            input.inputMode = "decimal";
          } else {
            input.type = "text";
            input.autocomplete = "off";
            input.spellcheck = false;
            if (field.kind === "hours") input.placeholder = "07:00-23:00";
          }
        }
        input.id = "setting-" + field.name;
        input.name = field.name;
        input.disabled = locked;
        input.setAttribute("aria-describedby", "error-" + field.name);
        return input;
      }

      function valueOf(field) {
        const input = $("setting-" + field.name);
        if (field.kind === "flag") return input.checked ? "yes" : "no";
        return input.value.trim();
      }

      function fill(field, value) {
        const input = $("setting-" + field.name);
        if (field.kind === "flag") input.checked = /^(yes|true|on|1)$/i.test(value || "");
        else input.value = value == null ? "" : value;
      }

      function buildSettings(fields) {
        settingsFields = fields;
        settingsValues = {};
        const form = $("settings-form");
        form.replaceChildren();
        for (const field of fields) {
          const row = document.createElement("div");
          row.className = "field" + (field.kind === "flag" ? " flag" : "");
          const label = document.createElement("label");
          label.htmlFor = "setting-" + field.name;
          label.textContent = field.label || field.name;
          const when = document.createElement("span");
          when.className = "when";
          when.textContent = field.live ? "now" : "at next start";
          label.appendChild(when);
          const input = control(field);
          const error = document.createElement("p");
          error.className = "error";
          error.id = "error-" + field.name;
          if (field.kind === "flag") { row.append(input, label); } else { row.append(label, input); }
          row.appendChild(error);
          form.appendChild(row);
          fill(field, field.value);
          settingsValues[field.name] = valueOf(field);
        }
      }

      async function loadSettings() {
        try {
          const answer = await api("GET", "/api/v1/settings");
          buildSettings((answer && answer.fields) || []);
          const sources = (settingsFields.find((f) => f.name === "source") || {}).choices || [];
          for (const name of sources) ensureSourceChoice(name);
          if (state && !edited.has("source-select")) $("source-select").value = (state.source || {}).name || "";
        } catch (e) {
          if (!(e instanceof Refused) || e.answer) $("settings-message").textContent = "The settings cannot be loaded.";
        }
      }

      function fieldProblem(name, text) {
        const error = $("error-" + name);
        if (!error) return;
        error.textContent = text;
        $("setting-" + name).setAttribute("aria-invalid", "true");
      }

      // The server's words as a sentence: a capital first, a full stop last.
      function sentence(text) {
        const t = String(text || "").trim();
        if (!t) return "Not saved.";
        return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
      }

      function settingsMessage(text, good) {
        const m = $("settings-message");
        m.textContent = text;
        m.className = good ? "good" : "bad";
      }

      $("settings-form").addEventListener("submit", async (event) => {
        event.preventDefault();
        if (!settingsFields) return;
        const changed = {};
        let unreadable = 0;
        for (const field of settingsFields) {
          const input = $("setting-" + field.name);
          input.removeAttribute("aria-invalid");
          $("error-" + field.name).textContent = "";
          // Letters in a number field read as empty: said here rather than sent as nothing.
          if (input.validity && input.validity.badInput) {
            fieldProblem(field.name, "must be a number");
            unreadable += 1;
            continue;
          }
          const value = valueOf(field);
          if (value !== settingsValues[field.name]) changed[field.name] = value;
        }
        if (unreadable) { settingsMessage("Not saved: a value is not a number. Nothing changed.", false); return; }
        if (Object.keys(changed).length === 0) { settingsMessage("Nothing changed.", true); return; }
        const save = $("settings-save");
        save.disabled = true;
        try {
          const answer = await api("POST", "/api/v1/settings", changed);
          Object.assign(settingsValues, changed);
          const parts = ["Saved."];
          if (answer.applied && answer.applied.length) parts.push("Applied now: " + answer.applied.join(", ") + ".");
          if (answer.atNextStart && answer.atNextStart.length) {
            parts.push("At the next start: " + answer.atNextStart.join(", ") + ".");
          }
          settingsMessage(parts.join(" "), true);
          if (answer.state) render(answer.state);
        } catch (e) {
          const problems = (e.answer && e.answer.problems) || {};
          for (const name of Object.keys(problems)) fieldProblem(name, String(problems[name]));
          if (e.answer) settingsMessage(sentence(e.message), false);
          else if (e.message === "offline") settingsMessage("Not saved: the frame cannot be reached.", false);
        } finally {
          save.disabled = locked;
        }
      });

      async function start() {
        await refresh();
        schedulePoll();
      }

      lock(true);
      token = takeToken();
      if (!token) askForToken("No token yet: paste the frame's remote token below.");
      else start();
    })();

    """#
}
