import Foundation

/// Where photos can come from, as data: each kind of source declares its name, its options (and their config-file
/// keys), when it is the one chosen, how it is made, and what to fall back to and when. The app installs the kinds it
/// ships at its root, one line each (imv's `imv_install_backend`); nothing else names a concrete source.
public struct SourceKind {
    /// The name `--source` takes and the header shows ("picsum").
    public let name: String
    /// One line for `--help`.
    public let summary: String
    /// What messages call it ("the demo", "Lorem Picsum").
    public let title: String
    /// Settings of its own beyond `--api` (an access key), with where they may come from.
    public let options: [SourceOption]
    /// Whether this kind is the one wanted (the first installed kind that says yes wins): when `--source` names it,
    /// or when what its own `chosen` looks at says so (named folders, `--demo`).
    public let chosen: (SourceContext) -> Bool
    /// Makes the source, or says in one line why it cannot be made.
    public let make: (SourceContext) throws -> InstalledSource
    /// What to do when it cannot work, first match wins.
    public let fallbacks: [SourceFallback]
    /// The server it talks to unless `--api` names another (nil: none of its own, or not a network source).
    public let defaultServer: String?
    /// Where its server's address comes from in a context, when it has a setting of its own (Immich's
    /// `immich-url`); nil: `--api`, else `defaultServer`.
    private let serverSetting: ((SourceContext) -> String?)?
    /// What `--demo` shows in its place: the demo catalogue as this source would describe and credit it (nil: the
    /// plain demo).
    public let standIn: ((SourceContext) -> InstalledSource)?
    /// Whether its photos' `author` is the file's name (Immich's originalFileName): a file has a name, not an
    /// author, and the remote tells it so (`FrameState.PhotoShown.title`). A folder's files say so themselves.
    public let authorIsFileName: Bool

    public init(name: String, title: String? = nil, summary: String, options: [SourceOption] = [], defaultServer: String? = nil,
                server: ((SourceContext) -> String?)? = nil, chosen: ((SourceContext) -> Bool)? = nil,
                fallbacks: [SourceFallback] = [], standIn: ((SourceContext) -> InstalledSource)? = nil,
                authorIsFileName: Bool = false, make: @escaping (SourceContext) throws -> InstalledSource) {
        self.authorIsFileName = authorIsFileName
        self.name = name; self.title = title ?? name; self.summary = summary; self.options = options
        self.defaultServer = defaultServer; serverSetting = server; self.standIn = standIn
        self.chosen = { context in context.requested == name || (chosen?(context) ?? false) }
        self.fallbacks = fallbacks; self.make = make
    }

    /// The server this kind talks to in `context`: its own setting, else `--api`, else its default.
    public func server(in context: SourceContext) -> String? {
        serverSetting?(context) ?? context.api ?? defaultServer
    }

    /// What messages call its server: "picsum.photos", "127.0.0.1:8321"; the kind's name when it has none.
    public func serverName(in context: SourceContext) -> String {
        guard let server = server(in: context) else { return name }
        guard let url = URL(string: server), let host = url.host else { return server }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}

/// A made source and its key: the stable name its pages are cached under and its bookmarks belong to.
public struct InstalledSource {
    public let source: PhotoSource
    public let key: String
    /// A lasting note for the header about where the photos come from.
    public let note: String?
    public init(_ source: PhotoSource, key: String, note: String? = nil) {
        self.source = source; self.key = key; self.note = note
    }
}

/// A setting a source reads: from an environment variable, a line of the configuration file, or the command line.
/// A secret (an access key) is passed on as a value, never put on a command line, in the log, or in a child's
/// environment, so it has no command-line form.
public struct SourceOption: Equatable {
    /// How the command line gives it, when it does.
    public enum Argument: Equatable {
        /// `--NAME VALUE` (or `--NAME=VALUE`); repeated, the values are joined by commas.
        case value(name: String, valueName: String)
        /// `--NAME` alone: the setting is "yes".
        case flag(name: String)

        public var name: String {
            switch self { case .value(let name, _), .flag(let name): return name }
        }
    }

    public let name: String
    public let help: String
    public let environment: String?
    public let configKey: String?
    public let secret: Bool
    public let argument: Argument?

    public init(name: String, help: String, environment: String? = nil, configKey: String? = nil, secret: Bool = false,
                argument: Argument? = nil) {
        self.name = name; self.help = help; self.environment = environment; self.configKey = configKey
        self.secret = secret; self.argument = secret ? nil : argument
    }
}

/// When a source gives way to another, and what the header says then.
public struct SourceFallback {
    public enum Trigger: Equatable {
        /// It could not be made (a missing key).
        case setupFailed
        /// The network failed before anything was shown (and nothing cached): the fallback shows meanwhile, and the
        /// source is probed until it answers, then shown again (a kiosk that boots before its network).
        case unreachableAtStart
        /// The server answered this HTTP status (401: a refused key).
        case status(Int)
        /// The server refused us (`SourceError.refused`) before anything was shown: with photos from the cache on
        /// screen they stay, and the header says why.
        case refusedWhileEmpty
    }

    public let trigger: Trigger
    /// The kind to switch to.
    public let target: String
    /// The header's note after the switch; `{reason}` is replaced by why (a setup failure's message).
    public let note: String

    public init(_ trigger: Trigger, to target: String, note: String) {
        self.trigger = trigger; self.target = target; self.note = note
    }

    /// Whether a page's failure calls for this fallback.
    public func applies(to error: SourceError, feedIsEmpty: Bool) -> Bool {
        switch trigger {
        case .setupFailed: return false
        case .unreachableAtStart: return feedIsEmpty && error.isNetworkFailure
        case .status(let code): if case .http(.status(code, _)) = error { return true } else { return false }
        case .refusedWhileEmpty: if case .refused = error { return feedIsEmpty } else { return false }
        }
    }
}

/// What a source is made from: what the user asked for and the means at hand.
public struct SourceContext {
    /// `--source` (the kind wanted when no folder is named and `--demo` is not given).
    public var requested: String
    /// Folders and files named on the command line.
    public var paths: [String]
    /// `--demo`: the built-in catalogue.
    public var demo: Bool
    public var demoPhotos: Int
    /// `--api`: the server named on the command line (nil: each source talks to its own).
    public var api: String?
    /// The server sends originals whatever size is asked (the benchmark's large-source case).
    public var apiServesOriginals: Bool
    /// Values of the kinds' options, by option name ("unsplash-key"), read from their environment variables and the
    /// configuration file.
    public var settings: [String: String]
    public var http: HTTPClient
    /// A folder's order and hidden files.
    public var folderSort: FolderSort
    public var hidden: Bool
    /// Follow links out of the folders named, and onto other file systems.
    public var followLinks = false
    /// The folders named are walked without their subfolders (a file opened shows its own folder, `OpenPaths`).
    public var onlyTopFolders = false
    /// Which photos show by their date (`--from`, `--to`, `--memories`; folders and Immich).
    public var dates = PhotoDateFilter()
    /// Where a source of originals asks for the cells the image layer kept (nil: nowhere).
    public var cells: KeptCells?
    /// Where a source that scans keeps its index between runs, once the cache is open (may block until it is).
    public var indexStore: () -> FolderIndexStore?
    /// Reads clips and animations for the sources that list them (a folder's): the media worker's probe. Nil: no
    /// clips or animations are listed.
    public var mediaProber: MediaProber?
    /// The stand-in of the kind asked for (`SourceKind.standIn`), for the demo to show in its place.
    public var standIn: ((SourceContext) -> InstalledSource)?
    /// Tells the app of edits under photos shown (a watched folder), from any thread.
    public var edits: (FeedEdits) -> Void
    /// Says something in the log.
    public var log: (String) -> Void

    public init(requested: String, http: HTTPClient, paths: [String] = [], demo: Bool = false, demoPhotos: Int = 1000,
                api: String? = nil, apiServesOriginals: Bool = false,
                settings: [String: String] = [:], folderSort: FolderSort = .date, hidden: Bool = false,
                cells: KeptCells? = nil, indexStore: @escaping () -> FolderIndexStore? = { nil },
                edits: @escaping (FeedEdits) -> Void = { _ in },
                log: @escaping (String) -> Void = { _ in }) {
        self.requested = requested; self.http = http; self.paths = paths; self.demo = demo
        self.demoPhotos = demoPhotos; self.api = api
        self.apiServesOriginals = apiServesOriginals; self.settings = settings; self.folderSort = folderSort
        self.hidden = hidden; self.cells = cells; self.indexStore = indexStore; self.edits = edits; self.log = log
    }
}

/// A source that cannot be made as asked, and why, in one line.
public struct SourceSetupError: Error, CustomStringConvertible {
    public let description: String
    /// What is missing may come (a folder on a USB stick not yet mounted): the source is made again from time to
    /// time, and shown when it can be.
    public let mayComeLater: Bool
    /// The words for a person at the screen, where they differ from the one line (a mistyped folder: which, and
    /// what they likely meant). A kiosk waiting for its USB stick says the line; a desktop says this, in an alert.
    public let explanation: String?
    public init(_ description: String, mayComeLater: Bool = false, explanation: String? = nil) {
        self.description = description
        self.mayComeLater = mayComeLater
        self.explanation = explanation
    }
}

/// The kinds installed, in the order they are asked whether they are the one chosen.
public struct SourceRegistry {
    public private(set) var kinds: [SourceKind]

    public init(_ kinds: [SourceKind] = []) { self.kinds = kinds }

    public mutating func install(_ kind: SourceKind) {
        kinds.removeAll { $0.name == kind.name }
        kinds.append(kind)
    }

    public func kind(named name: String) -> SourceKind? { kinds.first { $0.name == name } }

    /// The names `--source` takes.
    public var names: [String] { kinds.map(\.name) }

    /// Every option of every kind.
    public var options: [SourceOption] { kinds.flatMap(\.options) }

    /// The kind for this context.
    public func chosen(for context: SourceContext) -> SourceKind? { kinds.first { $0.chosen(context) } }

    /// The context with what the kind asked for brings: its stand-in for the demo.
    public func completed(_ context: SourceContext) -> SourceContext {
        var context = context
        context.standIn = kind(named: context.requested)?.standIn
        return context
    }
}
