/// The remote page's style: dark, for a phone held in one hand first (320 to 430 pixels wide, every control at least
/// 48 pixels tall, nothing wider than the screen), a centred column on a desktop. Sides are logical
/// (`margin-inline-start`), flex and grid follow the page's `dir`: a right-to-left page mirrors; only the safe areas
/// of the screen's notches stay physical.
enum RemotePageStyle {
    static let css = """

    :root { color-scheme: dark; --bg: #111418; --panel: #1b2027; --line: #2c333d; --text: #e8eaed;
      --quiet: #9aa3ad; --accent: #4f9cf9; --accent-text: #04111f; --bad: #ff8a80; --good: #8fd694;
      --touch: 48px; }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body { margin: 0; background: var(--bg); color: var(--text);
      font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
      padding: env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left); }
    header, main { max-width: 40rem; margin: 0 auto; padding: 0 12px; }
    header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 4px 12px;
      padding-top: 12px; }
    h1 { font-size: 1.3rem; margin: 0; overflow-wrap: anywhere; }
    h2 { font-size: 1.05rem; margin: 0 0 8px; color: var(--quiet); font-weight: 600; }
    p { margin: 6px 0; overflow-wrap: anywhere; }
    #status { color: var(--quiet); font-size: 0.9rem; }
    #status.bad { color: var(--bad); }
    section { background: var(--panel); border: 1px solid var(--line); border-radius: 14px; padding: 12px;
      margin: 12px 0; min-width: 0; }
    .picture { background: #000; border-radius: 10px; overflow: hidden; display: flex; align-items: center;
      justify-content: center; min-height: 120px; }
    #now-photo { display: block; max-width: 100%; max-height: 50vh; height: auto; }
    #now-photo[hidden] { display: none; }
    .caption { font-size: 1.1rem; }
    .quiet { color: var(--quiet); font-size: 0.95rem; }
    button, select, input { font: inherit; color: var(--text); min-height: var(--touch); border-radius: 10px;
      border: 1px solid var(--line); background: #262c35; }
    button { padding: 0 12px; cursor: pointer; touch-action: manipulation; }
    button:active { background: #323a45; }
    button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid var(--accent);
      outline-offset: 1px; }
    button:disabled { opacity: 0.5; }
    button:disabled, select:disabled, input:disabled { cursor: not-allowed; }
    body.locked #controls, body.locked #source-panel, body.locked #timing, body.locked #settings { opacity: 0.45; }
    .locked-note { background: var(--panel); border: 1px solid var(--bad); border-radius: 14px; padding: 12px;
      margin: 12px 0; }
    button.primary { background: var(--accent); color: var(--accent-text); border-color: var(--accent);
      font-weight: 600; }
    button.wide { width: 100%; margin-top: 8px; }
    select, input[type=text], input[type=number], input[type=password] { width: 100%; padding: 0 10px; min-width: 0; }
    input[type=checkbox] { width: var(--touch); height: var(--touch); min-height: 0; margin: 0; accent-color: var(--accent); }
    label { display: block; margin: 10px 0 4px; }
    .transport { display: grid; grid-template-columns: 1fr 1.2fr 1fr; gap: 8px; }
    .transport button { min-height: 64px; font-size: 1.05rem; min-width: 0; padding: 0 6px; }
    .segmented { display: grid; grid-template-columns: 1fr 1fr; margin-top: 12px; border-radius: 10px;
      overflow: hidden; border: 1px solid var(--line); }
    .segmented button { border: 0; border-radius: 0; background: #262c35; }
    .segmented button[aria-pressed=true] { background: var(--accent); color: var(--accent-text); font-weight: 600; }
    .line { display: flex; align-items: center; justify-content: space-between; gap: 12px; margin-top: 12px; }
    #display-toggle { min-width: 96px; }
    #display-toggle[aria-checked=true] { background: var(--accent); color: var(--accent-text); }
    .pair { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 8px; }
    .field { margin-bottom: 6px; }
    .field.flag { display: flex; align-items: center; gap: 12px; }
    .field.flag label { margin: 0; flex: 1; }
    .when { display: inline-block; font-size: 0.8rem; color: var(--quiet); margin-inline-start: 6px; }
    .error { color: var(--bad); margin: 4px 0 0; font-size: 0.95rem; }
    .error:empty { display: none; }
    [aria-invalid=true] { border-color: var(--bad); }
    #settings-message.good { color: var(--good); }
    #settings-message.bad { color: var(--bad); }
    code { overflow-wrap: anywhere; }
    [hidden] { display: none !important; }

    """
}
