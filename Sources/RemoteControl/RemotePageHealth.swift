import GalleryCore

/// The remote page's Health part: how the frame is doing, from the state's `last_advanced`, `stalled` and `health`
/// (`FrameHealth`): when the photo last changed ("2 minutes ago"), how long the frame has run, its temperature,
/// memory, caches, source, pass, why its display is on or off, a Pi's throttling, and a red line while it is
/// stalled. Ids: `health-panel`, `health-stalled` (shown only while stalled), `health-advanced`, `health-uptime`,
/// `health-temperature`, `health-memory`, `health-cache`, `health-source`, `health-pass`, `health-display`,
/// `health-throttled`.
enum RemotePageHealth: RemotePagePart {
    static func section(_ book: any WordBook) -> String {
        func row(_ id: String, _ label: String) -> String {
            "      <div class=\"health-row\" id=\"health-row-\(id)\"><dt>\(RemotePage.escape(label))</dt>"
                + "<dd id=\"health-\(id)\"></dd></div>\n"
        }
        return """
          <section id="health-panel" aria-labelledby="health-title" hidden>
            <h2 id="health-title">\(RemotePage.escape(book.tr("Health", context: "the frame's")))</h2>
            <p id="health-stalled" class="health-stalled" role="alert" hidden></p>
            <dl class="health-list">

        """
            // Translators: the remote page's health panel: when the photo on the frame last changed.
            + row("advanced", book.tr("Photo changed"))
            // Translators: the remote page's health panel: how long the frame has been running.
            + row("uptime", book.tr("Running for"))
            + row("temperature", book.tr("Temperature"))
            + row("memory", book.tr("Memory"))
            + row("cache", book.tr("Cache"))
            + row("source", book.tr("Source"))
            // Translators: the remote page's health panel: how far the show is through its photos.
            + row("pass", book.tr("This pass"))
            + row("display", book.tr("Display"))
            // Translators: the remote page's health panel: a Raspberry Pi slowed by heat or a weak power supply.
            + row("throttled", book.tr("Throttled"))
            + """
            </dl>
          </section>

        """
    }

    static let css = """
    .health-list { margin: 0; }
    .health-row { display: flex; gap: 0.75em; padding: 0.15em 0; }
    .health-row dt { min-width: 9em; opacity: 0.75; }
    .health-row dd { margin: 0; }
    .health-stalled { color: #fff; background: #c62828; padding: 0.5em 0.75em; border-radius: 0.4em; font-weight: bold; }

    """

    /// The words the part's script says (`RemotePageWords`' table).
    static func words(_ list: inout RemotePageWords.Table) {
        list.trn("{count} second", "{count} seconds")
        list.trn("{count} minute", "{count} minutes")
        list.trn("{count} hour", "{count} hours")
        list.trn("{count} day", "{count} days")
        // Translators: {time} is a span of time ("2 minutes").
        list.tr("{time} ago")
        list.tr("not yet")
        list.tr("none reported")
        list.tr("{degrees} °C")
        list.tr("{size} MB")
        // Translators: the caches' size and how often they had what was asked ("120 MB, 85% found").
        list.tr("{size} MB, {rate}% found")
        list.tr("online")
        list.tr("offline")
        // Translators: the photos shown this pass through the show ("12 of 240").
        list.tr("{shown} of {total}")
        // The state's `display_reason`.
        list.tr("by the hours")
        list.tr("switched by hand")
        list.tr("woken by a touch")
        list.tr("night clock")
        list.tr("always on")
        list.tr("no")
        // Translators: {time} is how long ago the photo last changed ("3 minutes ago"), or "not yet".
        list.tr("Stalled: the photo has not changed ({time}) while it should.")
    }

    static let js = #"""
    window.tesseraParts.push((function () {
      const reasons = { "schedule": "by the hours", "override": "switched by hand", "wake": "woken by a touch",
                        "night-clock": "night clock", "always": "always on" };
      function span(seconds, w) {
        const s = Math.max(0, Math.floor(seconds));
        if (s < 60) return wn("{count} second", "{count} seconds", s);
        if (s < 3600) return wn("{count} minute", "{count} minutes", Math.floor(s / 60));
        if (s < 86400) return wn("{count} hour", "{count} hours", Math.floor(s / 3600));
        return wn("{count} day", "{count} days", Math.floor(s / 86400));
      }
      function set(id, text) {
        const cell = document.getElementById("health-" + id);
        cell.textContent = text === null ? "" : text;
        document.getElementById("health-row-" + id).hidden = text === null;
      }
      function megabytes(bytes) { return num(Math.round(bytes / 100000) / 10); }
      return {
        render(s, api, w) {
          const h = s && s.health;
          document.getElementById("health-panel").hidden = !h;
          if (!h) return;
          const advanced = Date.parse(s.last_advanced || "");
          const ago = isNaN(advanced) ? w("not yet") : w("{time} ago", { time: span((Date.now() - advanced) / 1000, w) });
          set("advanced", ago);
          const started = Date.parse(h.started || "");
          set("uptime", span(isNaN(started) ? h.uptime : (Date.now() - started) / 1000, w));
          set("temperature", typeof h.temperature === "number" ? w("{degrees} °C", { degrees: num(h.temperature) })
                                                                 : w("none reported"));
          set("memory", typeof h.memory === "number" ? w("{size} MB", { size: megabytes(h.memory) }) : null);
          const cache = h.cache || {};
          set("cache", typeof cache.hit_rate === "number"
            ? w("{size} MB, {rate}% found", { size: megabytes(cache.bytes || 0), rate: num(Math.round(cache.hit_rate * 100)) })
            : w("{size} MB", { size: megabytes(cache.bytes || 0) }));
          const source = h.source || {};
          // The source's error stays in the frame's words (English), as its log says it.
          set("source", source.error ? source.error : (source.online === false ? w("offline") : w("online")));
          set("pass", h.pass ? w("{shown} of {total}", { shown: num(h.pass.shown), total: num(h.pass.total) }) : null);
          set("display", w(reasons[h.display_reason] || h.display_reason || ""));
          set("throttled", h.throttled ? (h.throttled.now.length ? h.throttled.now.join(", ") : w("no")) : null);
          const stalled = document.getElementById("health-stalled");
          stalled.hidden = !s.stalled;
          stalled.textContent = s.stalled ? w("Stalled: the photo has not changed ({time}) while it should.", { time: ago }) : "";
        }
      };
    })());

    """#
}
