/// Where the header's parts go in a window of any width, so that nothing overlaps: on the left the title, the name
/// and the clock, on the right the status (a summary, and a note or problem under it). The name and the clock stay
/// whole; when the width runs short the status shortens first (down to `minStatus`), then the title goes, then
/// the status; only a window too narrow for the name and the clock themselves cuts the name.
public struct HeaderLayout: Equatable {
    public var showsTitle: Bool
    /// The name as drawn (whole, or cut with "…" in a window too narrow for it), with its " · " separator.
    public var name: String?
    public var nameX: Int
    public var clockX: Int
    /// The status lines as drawn, fitted to `statusWidth` (none when there is no room).
    public var statusLines: [String]
    /// Where the status may start: nothing on the left reaches it.
    public var statusLeft: Int

    public static let margin = 16, titleGap = 20, statusGap = 16, minStatus = 120

    /// How many pixels at the header's right the buttons may take: what the name and the clock (`leftWidth`, from the
    /// margin to the clock's end) leave, less what the status needs to say anything (up to `minStatus`: an offline
    /// server must still be told when the window is narrow); the buttons that do not fit go under "⋯".
    public static func toolbarRoom(width: Int, leftWidth: Int, statusWidth: Int) -> Int {
        let status = statusWidth > 0 ? min(statusWidth, minStatus) + statusGap : 0
        return max(0, width - margin - leftWidth - statusGap - status)
    }

    /// `measureTitle` measures text in the title's font (the title, the name, the clock), `measureBody` in the status
    /// font; `fitBody` shortens a status line to a width (with "…").
    public static func plan(width: Int, name: String?, clockWidth: Int, status: [String],
                            measureTitle: (String) -> Int, measureBody: (String) -> Int,
                            fitBody: (String, Int) -> String, fitTitle: (String, Int) -> String) -> HeaderLayout {
        let titleWidth = measureTitle("Tessera") + titleGap
        var nameText = name.map { $0 + " · " }
        var nameWidth = nameText.map(measureTitle) ?? 0
        let statusWidth = status.map(measureBody).max() ?? 0
        func left(_ title: Bool) -> Int { margin + (title ? titleWidth : 0) + nameWidth + clockWidth }
        func room(_ title: Bool) -> Int { width - margin - left(title) - statusGap }

        // The status first shortens (down to minStatus); then the title goes.
        let showsTitle = room(true) >= min(statusWidth, minStatus)
        if !showsTitle, room(false) + statusGap < 0, let name {
            // Too narrow for the name and the clock: the name is cut, the clock never.
            // The name alone is cut; the separator stays between it and the clock.
            let separator = measureTitle(" · ")
            let cut = fitTitle(name, max(0, width - 2 * margin - clockWidth - separator)) + " · "
            nameText = cut
            nameWidth = measureTitle(cut)
        }
        let statusRoom = max(0, room(showsTitle))
        let lines = statusRoom >= 40 ? status.map { fitBody($0, statusRoom) } : []
        let x0 = margin + (showsTitle ? titleWidth : 0)
        return HeaderLayout(showsTitle: showsTitle, name: nameText, nameX: x0, clockX: x0 + nameWidth,
                            statusLines: lines, statusLeft: width - margin - statusRoom)
    }
}
