import Foundation

/// Where the compiled catalogues (`<lang>/LC_MESSAGES/tessera.mo`) are: `TESSERA_LOCALE_DIR`, else `share/locale`
/// beside the installed program (`/usr/bin/tessera` → `/usr/share/locale`), else the build's own `.build/locale`
/// (made by `make locale`) above the executable. Nil when none has a catalogue. Pure path logic, so the remote (which
/// reads catalogues itself, `WordBooks`) and gettext's binding find the same folder.
public enum CatalogueFolder {
    public static let domain = "tessera"

    public static func find(executable: String, environment: [String: String]) -> String? {
        if let given = environment["TESSERA_LOCALE_DIR"], !given.isEmpty { return given }
        let exe = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates = [exe.appendingPathComponent("../share/locale").standardized]
        var up = exe
        for _ in 0..<4 {
            candidates.append(up.appendingPathComponent("locale"))
            up = up.deletingLastPathComponent()
        }
        return candidates.map(\.path).first { !languages(in: $0).isEmpty }
    }

    /// The catalogues' names in `folder` that hold a `tessera.mo` (`de`, `pt_BR`), sorted.
    public static func languages(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { FileManager.default.fileExists(atPath: path(of: $0, in: folder)) }.sorted()
    }

    public static func path(of language: String, in folder: String) -> String {
        "\(folder)/\(language)/LC_MESSAGES/\(domain).mo"
    }
}
