import Foundation
import DemoPhotos
import GalleryCore

extension ImmichSource {
    /// `--source immich`: the server from `--api` (or `immich-url` in the configuration file), the key from
    /// `IMMICH_API_KEY` (or `immich-key`); a missing one says so and shows the demo meanwhile.
    public static let kind = SourceKind(
        name: "immich", title: "Immich", summary: "an Immich server (needs --api and IMMICH_API_KEY)",
        options: [
            SourceOption(name: "immich-key", help: "The Immich API key (asset read, view and download; album, person and tag read)",
                         environment: "IMMICH_API_KEY", configKey: "immich-key", secret: true),
            SourceOption(name: "immich-url", help: "The Immich server's address", environment: "IMMICH_URL",
                         configKey: "immich-url"),
            SourceOption(name: "immich-album",
                         help: "show this album (its name as in Immich, or its ID); repeat: photos in all of them",
                         configKey: "immich-album", argument: .value(name: "album", valueName: "name")),
            SourceOption(name: "immich-favorites", help: "show only the favourites", configKey: "immich-favorites",
                         argument: .flag(name: "favorites")),
            SourceOption(name: "immich-person",
                         help: "show photos of this person (a name as in Immich, or its ID); repeat: photos with all of them",
                         configKey: "immich-person", argument: .value(name: "person", valueName: "name")),
            SourceOption(name: "immich-tag",
                         help: "show photos with this tag (its name, its path \"Travel/Japan\", or its ID); repeat: all of them",
                         configKey: "immich-tag", argument: .value(name: "tag", valueName: "name")),
        ],
        server: { $0.settings["immich-url"] ?? $0.api },
        fallbacks: [
            SourceFallback(.setupFailed, to: "demo", note: "{reason}"),
            SourceFallback(.unreachableAtStart, to: "demo", note: untranslated("Waiting for Immich: showing the demo")),
            // A refused key, a missing permission, a search Immich rejects (400): its words, then the demo.
            // Translators: the header's note; {reason} is why Immich refused (its own words or Tessera's).
            SourceFallback(.refusedWhileEmpty, to: "demo", note: untranslated("{reason}: showing the demo")),
        ],
        standIn: { DemoSource.installed($0, flavour: demoFlavour) },
        // An asset's name is its originalFileName: a file's name, not an author.
        authorIsFileName: true
    ) { context in
        let url = context.settings["immich-url"] ?? context.api
        guard let url, let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? "") else {
            throw SourceSetupError(tr("Immich needs its address: --api http://immich.local:2283 (or immich-url in the configuration file)"))
        }
        guard let key = context.settings["immich-key"], !key.isEmpty else {
            throw SourceSetupError(tr("Immich needs an API key: set IMMICH_API_KEY (or immich-key in the configuration file)"))
        }
        func list(_ option: String) -> [String] {
            (context.settings[option] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        let albums = list("immich-album"), people = list("immich-person"), tags = list("immich-tag")
        let favorites = ConfigText.truth(context.settings["immich-favorites"] ?? "") == true
        let source = ImmichSource(baseURL: url, apiKey: key, http: context.http, albums: albums, favorites: favorites,
                                  random: context.folderSort == .random, people: people, tags: tags, dates: context.dates,
                                  name: parsed.host.map { "Immich (\($0))" } ?? "Immich", log: context.log)
        // The cache (and the show's place) keeps each album's, the favourites', each person's and tag's feed apart.
        var scope = albums.isEmpty ? (favorites ? "favorites" : "all") : albums.sorted().joined(separator: ",")
        if !people.isEmpty { scope += "+people:" + people.sorted().joined(separator: ",") }
        if !tags.isEmpty { scope += "+tags:" + tags.sorted().joined(separator: ",") }
        // A show kept to some days is another feed: its cached pages are not the whole library's, nor theirs its.
        if context.dates.memories || context.dates.onThisDay != nil { scope += "+memories" }
        if let from = context.dates.from { scope += "+from:\(from)" }
        if let to = context.dates.to { scope += "+to:\(to)" }
        return InstalledSource(source, key: "immich:" + ImmichSource.root(url) + "#" + scope)
    }
}

extension ImmichSource {
    /// The demo as Immich's API would describe it: file names, EXIF, ThumbHashes, an album and favourites.
    static let demoFlavour = DemoFlavour(
        key: "demo-immich", note: untranslated("A demo Immich library, drawn by Tessera: no server needed"), pageSizes: 1...pageLimit,
        photo: { ImmichList.photo(DemoImmich.asset($0, index: Int($0.id) ?? 0), base: "") },
        credit: ImmichSource.credit(for:))
}
