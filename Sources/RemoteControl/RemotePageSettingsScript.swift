/// The remote page's settings form (inside `RemotePageScript`'s function, between its commands and its start): a
/// control per field `GET /api/v1/settings` offers, the hours' shape checked beside the field, the changes sent with
/// `POST /api/v1/settings` and the frame's answer said under the form. Text from the frame only ever goes into
/// `textContent` or a form control's value.
enum RemotePageSettingsScript {
    static let js = #"""
      // The settings form, one control per field the frame offers.
      function control(field) {
        let input;
        if (field.kind === "choice") {
          input = document.createElement("select");
          for (const choice of field.choices || []) {
            const option = document.createElement("option");
            option.value = choice;
            option.textContent = choiceWords(choice);
            input.appendChild(option);
          }
          if (field.value == null) {
            const none = document.createElement("option");
            none.value = "";
            none.textContent = w("(default)");
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
            if (field.kind === "hours") input.placeholder = field.name === "dim" ? "21:00-23:00 30%" : "07:00-23:00";
          }
        }
        input.id = "setting-" + field.name;
        input.name = field.name;
        input.disabled = locked;
        input.setAttribute("aria-describedby", "error-" + field.name);
        return input;
      }

      // A week's hours: groups apart by ";", each days (optional), spells apart by "," and (dim) a percent.
      function hoursRead(text, withLevel) {
        if (withLevel && text === "") return true;
        const edge = "(\\d{1,2}:\\d\\d|sun(rise|set)([+-]\\d{1,3})?)";
        const spells = edge + "-" + edge + "(," + edge + "-" + edge + ")*";
        const days = "((mon|tue|wed|thu|fri|sat|sun)(-(mon|tue|wed|thu|fri|sat|sun))?)";
        const group = new RegExp("^(" + days + "(," + days + ")*\\s+)?" + spells + (withLevel ? "\\s+\\d{1,2}%" : "") + "$", "i");
        const groups = text.split(";").map((g) => g.trim()).filter((g) => g !== "");
        return groups.length > 0 && groups.every((g) => group.test(g.replace(/,\s+/g, ",")));
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
          when.textContent = field.live ? w("now") : w("at next start");
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
          if (!(e instanceof Refused) || e.answer) $("settings-message").textContent = w("The settings cannot be loaded.");
        }
      }

      // The settings file's part (`RemotePageSettingsFile`) reloads the form after an import.
      window.tesseraSettingsChanged = () => loadSettings();

      function fieldProblem(name, text) {
        const error = $("error-" + name);
        if (!error) return;
        error.textContent = text;
        $("setting-" + name).setAttribute("aria-invalid", "true");
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
            fieldProblem(field.name, w("must be a number"));
            unreadable += 1;
            continue;
          }
          const value = valueOf(field);
          // Hours are checked here for their shape (the frame checks them whole): a slip is said beside the field.
          if (field.kind === "hours" && value !== settingsValues[field.name] && !hoursRead(value, field.name === "dim")) {
            fieldProblem(field.name, field.name === "dim" ? w("must look like 21:00-23:00 30% (days first if any)")
              : w("must look like 07:00-23:00 or mon-fri 06:30-08:30,17:00-23:00; sat-sun 08:00-23:30"));
            unreadable += 1;
            continue;
          }
          if (value !== settingsValues[field.name]) changed[field.name] = value;
        }
        if (unreadable) { settingsMessage(w("Not saved: a value does not read. Nothing changed."), false); return; }
        if (Object.keys(changed).length === 0) { settingsMessage(w("Nothing changed."), true); return; }
        const save = $("settings-save");
        save.disabled = true;
        try {
          const answer = await api("POST", "/api/v1/settings", changed);
          Object.assign(settingsValues, changed);
          const parts = [w("Saved.")];
          if (answer.applied && answer.applied.length) parts.push(w("Applied now: {names}.", { names: answer.applied.join(", ") }));
          if (answer.atNextStart && answer.atNextStart.length) {
            parts.push(w("At the next start: {names}.", { names: answer.atNextStart.join(", ") }));
          }
          settingsMessage(parts.join(" "), true);
          if (answer.state) render(answer.state);
        } catch (e) {
          const problems = (e.answer && e.answer.problems) || {};
          for (const name of Object.keys(problems)) fieldProblem(name, String(problems[name]));
          if (e.answer) settingsMessage(sentence(e.message), false);
          else if (e.message === "offline") settingsMessage(w("Not saved: the frame cannot be reached."), false);
        } finally {
          save.disabled = locked;
        }
      });
    """#
}
