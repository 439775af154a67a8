import GalleryCore

/// The remote page's list of the other frames this one can see (`GET /api/v1/frames`: mDNS, MQTT), each a link to
/// its own page (opened in a new tab; the other frame asks for its own token), its address, version and how it was
/// seen under it. Hidden while there are none. Asked for at most every `framesEvery` ms, not with every state. Ids:
/// `frames-panel`, `frames-list`, `frame-link-ID`.
enum RemotePageFrames: RemotePagePart {
    static func section(_ book: any WordBook) -> String {
        """
          <section id="frames-panel" aria-labelledby="frames-title" hidden>
            <h2 id="frames-title">\(RemotePage.escape(book.tr("Other frames")))</h2>
            <ul id="frames-list"></ul>
          </section>

        """
    }

    static let css = """
    #frames-list { list-style: none; padding: 0; margin: 0; }
    #frames-list li { padding: 0.4em 0; border-bottom: 1px solid var(--line); }
    .frame-where { display: block; font-size: 0.85em; opacity: 0.7; }

    """

    static let js = #"""
    window.tesseraParts.push((function () {
      const FRAMES_EVERY = 10000;
      const WAYS = {mdns: "mDNS", mqtt: "MQTT"};
      let askedAt = -Infinity;
      let asking = false;
      // Only a web address becomes a link: a frame's record is a stranger's text.
      function webAddress(url) {
        try { const u = new URL(url); return u.protocol === "http:" || u.protocol === "https:" ? u : null; } catch (e) { return null; }
      }
      function show(frames) {
        const list = document.getElementById("frames-list");
        list.replaceChildren();
        for (const frame of frames) {
          const item = document.createElement("li");
          const address = frame.url ? webAddress(frame.url) : null;
          const name = document.createElement(address ? "a" : "span");
          name.id = "frame-link-" + frame.id;
          name.textContent = frame.name || frame.id;
          if (address) { name.href = address.href; name.target = "_blank"; name.rel = "noopener noreferrer"; }
          const where = document.createElement("span");
          where.className = "frame-where";
          // How it was seen: its mDNS announcement, its about on the MQTT broker, or both.
          const ways = (frame.via || []).map((way) => WAYS[way]).filter(Boolean).join(", ");
          where.textContent = [address ? address.host : w("no address known"), frame.version || "", ways].filter(Boolean).join(" · ");
          item.append(name, where);
          list.appendChild(item);
        }
        document.getElementById("frames-panel").hidden = frames.length === 0;
      }
      return {
        async render(state, api) {
          const now = Date.now();
          if (asking || now - askedAt < FRAMES_EVERY) return;
          asking = true;
          askedAt = now;
          try { show(((await api("GET", "/api/v1/frames")) || {}).frames || []); }
          catch (e) { /* said in the status line; asked again later */ }
          finally { asking = false; }
        },
      };
    })());

    """#
}
