import GalleryCore

/// A part of the remote page with a section, style and script of its own (the frame's health, the other frames,
/// the log, the settings file…), so a panel is added without touching the page's own script. A part's script runs
/// before the page's and registers itself in `window.tesseraParts`; the page calls each part's `render(state,
/// api)` with every state it reads (`api(method, path, body)` sends a request with the token and gives the parsed
/// answer), and `unlock(api)` once the token is taken.
protocol RemotePagePart {
    static func section(_ book: any WordBook) -> String
    static var css: String { get }
    static var js: String { get }
}

/// The parts, in the page's order (after the settings).
enum RemotePageParts {
    static let all: [RemotePagePart.Type] = [
        RemotePageSettingsFile.self, RemotePageHealth.self, RemotePageIdentify.self, RemotePageFrames.self,
        RemotePageLog.self,
    ]
    static func sections(_ book: any WordBook) -> String { all.map { $0.section(book) }.joined() }
    static var css: String { all.map { $0.css }.joined() }
    static var js: String { "window.tesseraParts = [];\n" + all.map { $0.js }.joined() }
}
