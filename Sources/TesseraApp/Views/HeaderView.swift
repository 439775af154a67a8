import Foundation
import GalleryCore

/// Draws the header: the title and the clock on the left, the status (and a note or problem under it) on the
/// right, and a thin progress bar along its bottom edge while anything loads.
final class HeaderView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    /// What the last whole header showed apart from the clock, and where its clock went.
    private struct Drawn: Equatable {
        let width: Int, height: Int, status: HeaderStatus, name: String?, toolbar: Toolbar?, hovered: String?
    }
    private var drawn: Drawn?
    private var clockArea: Rect?

    /// What the header's picture shows: the header apart from the clock, where the layout put its parts (the
    /// clock's measured width moves the status's room, not what is drawn, unless a line is cut or the title goes),
    /// and how it is drawn (the theme's colours, a mirrored screen, a right-to-left name).
    private struct Shown: Equatable {
        let drawn: Drawn, showsTitle: Bool, name: String?, nameX: Int, clockX: Int, statusLines: [String]
        let theme: Theme, mirror: Int?, rightToLeft: Bool
    }
    /// Whole frames copy the header's unchanging part (`HeaderPicture`); `TESSERA_HEADER_PICTURE=0` draws it in
    /// pieces on every frame, as before (a comparison; tests set `drawsPicture`).
    var drawsPicture = ProcessInfo.processInfo.environment["TESSERA_HEADER_PICTURE"] != "0"
    private let picture = HeaderPicture<Shown>()

    /// The renderer lost its textures, or the scale or the fonts changed: the picture is made again.
    func dropPicture() { picture.drop() }
    /// Whole headers copied from the picture so far (tests).
    var pictureCopies: Int { picture.copies }

    /// Redraws the clock alone when nothing else in the header changed since it was last drawn whole (and no
    /// progress bar moves); returns the area drawn, or nil when the whole header must be drawn.
    func drawClockAlone(width: Int, height: Int, status: HeaderStatus, name: String?, clock: String,
                        toolbar: Toolbar?, hovered: String?) -> Rect? {
        guard let text = canvas.text, let area = clockArea, !status.isBusy,
              drawn == Drawn(width: width, height: height, status: status, name: name, toolbar: toolbar,
                             hovered: hovered) else { return nil }
        canvas.fill(area, theme.header)
        text.drawClock(clock, x: area.x, y: area.y, color: theme.accent)
        return area
    }

    /// `filled`: the share of visible cells that have their image, for the progress bar. The buttons take the
    /// header's right end, as much of it as the name and the clock leave (`model.toolbarRoom`).
    func draw(model: GalleryModel, status: HeaderStatus, clock: String, time: Double, filled: Double) {
        let width = model.viewport.size.width, height = model.config.headerHeight, name = model.user.name
        let clockWidth = canvas.text?.width(of: clock, .title) ?? 0
        // The status's words, made once a frame (each made of translated words): the toolbar's room and the layout.
        let said = [status.summary] + ((status.problem ?? status.note).map { [$0] } ?? [])
        if let text = canvas.text {
            let left = (name.map { text.width(of: $0 + " · ", .title) } ?? 0) + clockWidth
            model.toolbarRoom = HeaderLayout.toolbarRoom(width: width, leftWidth: left,
                                                         statusWidth: said.map { text.width(of: $0, .body) }.max() ?? 0)
        }
        let toolbar = model.toolbar
        let shown = Drawn(width: width, height: height, status: status, name: name, toolbar: toolbar,
                          hovered: toolbar.button(under: model.pointer)?.id)
        drawn = shown
        clockArea = nil
        let bar = progressRows(width: width, height: height)
        let layout = canvas.text.map { text in
            HeaderLayout.plan(
                width: width - toolbar.width, name: name, clockWidth: clockWidth,
                status: said,
                measureTitle: { text.width(of: $0, .title) }, measureBody: { text.width(of: $0, .body) },
                fitBody: { text.fit($0, .body, maxWidth: $1) }, fitTitle: { text.fit($0, .title, maxWidth: $1) })
        }
        if drawsPicture, let text = canvas.text, let layout, canvas.opacity >= 1, theme.header.a == 255,
           HeaderPicture<Shown>.fits(canvas.renderer),
           let placed = picture.layout(
               for: Shown(drawn: shown, showsTitle: layout.showsTitle, name: layout.name, nameX: layout.nameX,
                          clockX: layout.clockX, statusLines: layout.statusLines, theme: theme,
                          mirror: canvas.renderer.mirrorWidth, rightToLeft: Words.language.isRightToLeft),
               renderer: canvas.renderer, width: width, height: height, bar: bar, busy: status.isBusy,
               ground: { drawGround(width: width, height: height) },
               paint: {
                   drawGround(width: width, height: height)
                   return drawPieces(model: model, status: status, toolbar: toolbar, layout: layout)
               }),
           !status.isBusy || placed.barFits {
            let clockRect = clockBox(x: placed.clockX, y: placed.titleY, width: text.clockWidth(clock), text: text)
            // The pieces draw the status after the clock: over the copy, the clock must not reach its words.
            if clockRect.maxX <= placed.statusInk {
                picture.copy(on: canvas.renderer)
                if status.isBusy { drawProgress(width: width, y: bar.y, time: time, filled: filled) }
                text.drawClock(clock, x: placed.clockX, y: placed.titleY, color: theme.accent)
                clockArea = clockRect.maxX <= placed.statusLeft ? clockRect : nil
                return
            }
        }
        drawGround(width: width, height: height)
        if status.isBusy { drawProgress(width: width, y: bar.y, time: time, filled: filled) }
        var drawnWidth = 0
        let placed = drawPieces(model: model, status: status, toolbar: toolbar, layout: layout) {
            drawnWidth = self.canvas.text?.drawClock(clock, x: $0.clockX, y: $0.titleY, color: self.theme.accent) ?? 0
        }
        guard let text = canvas.text, let placed else { return }
        let clockRect = clockBox(x: placed.clockX, y: placed.titleY, width: drawnWidth, text: text)
        // The clock is redrawn alone only where that cannot paint over the status.
        clockArea = clockRect.maxX <= placed.statusLeft ? clockRect : nil
    }

    /// The rows the progress bar draws in (`drawProgress`).
    private func progressRows(width: Int, height: Int) -> Rect {
        Rect(x: 0, y: height - 3, width: width, height: max(2, Metrics.stroke))
    }

    /// The header's fill and the rule along its bottom edge.
    private func drawGround(width: Int, height: Int) {
        canvas.fill(Rect(x: 0, y: 0, width: width, height: height), theme.header)
        canvas.fill(Rect(x: 0, y: height - Metrics.hairline, width: width, height: Metrics.hairline), theme.headerRule)
    }

    /// The toolbar's buttons, the title, the name and the status lines where `layout` put them; `clock` draws the
    /// clock where it goes, between the name and the status (nil: left out, for the picture). Says where the clock
    /// goes, nil without a font.
    private func drawPieces(model: GalleryModel, status: HeaderStatus, toolbar: Toolbar, layout: HeaderLayout?,
                            clock: ((HeaderPicture<Shown>.Layout) -> Void)? = nil) -> HeaderPicture<Shown>.Layout? {
        let width = model.viewport.size.width, height = model.config.headerHeight
        for button in toolbar.buttons {
            Buttons.draw(canvas, button.glyph, in: button.frame, pointer: model.pointer, enabled: button.enabled,
                         lit: button.active, icon: button.icon)
        }
        guard let text = canvas.text, let layout else { return nil }
        let titleY = (height - text.lineHeight(.title)) / 2
        if layout.showsTitle { text.draw("Tessera", .title, x: HeaderLayout.margin, y: titleY, color: theme.text) }
        if let shown = layout.name {
            // Read right to left (a right-to-left mark first), a Latin name's " · " stands on its left, by the clock.
            let line = Words.language.isRightToLeft ? "\u{200F}" + shown : shown
            text.draw(line, .title, x: layout.nameX, y: titleY, color: theme.text)
        }
        let lines = layout.statusLines
        let right = width - toolbar.width - HeaderLayout.margin
        let ink = lines.map { right - text.width(of: $0, .body) }.min() ?? Int.max
        let placed = HeaderPicture<Shown>.Layout(clockX: layout.clockX, titleY: titleY, statusLeft: layout.statusLeft,
                                                 statusInk: ink)
        clock?(placed)
        var y = lines.count > 1 ? 5 : (height - text.lineHeight(.body)) / 2
        for (i, line) in lines.enumerated() {
            let color = i == 1 && status.problem != nil ? theme.errorText : theme.dimText
            text.draw(line, .body, x: right - text.width(of: line, .body), y: y, color: color)
            y += text.lineHeight(.body)
        }
        return placed
    }

    /// Where the clock `width` wide at (x, y) draws, a little wider: a digit's glyph may reach past its advance, on
    /// the screen's right of the run (the digits keep their order when mirrored), which is the layout's left in a
    /// right-to-left screen.
    private func clockBox(x: Int, y: Int, width: Int, text: TextRenderer) -> Rect {
        let overhang = Words.language.isRightToLeft ? Metrics.inset : 0
        return Rect(x: x - overhang, y: y, width: width + Metrics.inset, height: text.lineHeight(.title))
    }

    /// The hovered button's tooltip, under it (drawn over everything, after the overlays).
    func drawTooltip(model: GalleryModel) {
        // No pointer, no tooltip, and no toolbar made (every button's words and keys) on each frame of a clip.
        guard model.pointer != nil, let button = model.toolbar.button(under: model.pointer), let text = canvas.text
        else { return }
        // A button whose menu or help is open says nothing over what it opened.
        guard !(button.active && !model.overlays.isEmpty) else { return }
        // Never wider than the window: a long translation is cut with an ellipsis rather than run off its edge.
        let w = min(text.width(of: button.tooltip, .body) + 2 * Metrics.padding, model.viewport.size.width - 2 * Metrics.inset)
        let h = text.lineHeight(.body) + 2 * Metrics.inset
        let x = min(max(Metrics.inset, button.frame.x + button.frame.width / 2 - w / 2), model.viewport.size.width - w - Metrics.inset)
        let box = Rect(x: x, y: button.frame.maxY + Metrics.spacing, width: w, height: h)
        canvas.fill(box, theme.panel)
        canvas.outline(box, theme.headerRule, width: Metrics.hairline)
        text.draw(button.tooltip, .body, x: box.x + Metrics.padding, y: box.y + Metrics.inset, color: theme.text,
                  maxWidth: w - 2 * Metrics.padding)
    }

    /// How much of the screen has its images, and a moving segment while busy.
    private func drawProgress(width: Int, y: Int, time: Double, filled: Double) {
        var accent = theme.accent
        accent.a = 110
        canvas.fill(Rect(x: 0, y: y, width: Int(Double(width) * filled), height: 2), accent)
        let segment = width / 5
        let phase = time.truncatingRemainder(dividingBy: 1.2) / 1.2
        canvas.fill(Rect(x: Int(phase * Double(width + segment)) - segment, y: y, width: segment, height: Metrics.stroke), theme.accent)
    }
}
