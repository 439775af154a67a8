/// The sources' own command-line options (`--album ID`, `--favorites`), declared by each source
/// (`SourceOption.argument`) rather than by the command line's parser: taken out of the arguments before the parser
/// sees them, so a new source brings its options with it and no other file names them.
public struct SourceArguments: Equatable {
    /// Settings by option name ("immich-album": "a,b").
    public var settings: [String: String] = [:]
    /// The arguments left for the parser, in their order.
    public var rest: [String] = []
    /// What could not be read ("--album needs a value").
    public var problems: [String] = []

    /// Takes the options of `options` out of `arguments` (up to a `--`, after which everything is a path).
    public init(_ arguments: [String], options: [SourceOption]) {
        let byName = Dictionary(options.compactMap { o in o.argument.map { ("--" + $0.name, o) } },
                                uniquingKeysWith: { first, _ in first })
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            i += 1
            if word == "--" {
                rest += arguments[(i - 1)...]
                break
            }
            let (flag, inline) = SourceArguments.split(word)
            guard let option = byName[flag], let argument = option.argument else {
                rest.append(word)
                continue
            }
            switch argument {
            case .flag:
                // `--favorites=no` says no; a value that is neither is refused, not taken for yes.
                guard let inline else { settings[option.name] = "yes"; continue }
                guard let on = ConfigText.truth(inline) else {
                    problems.append("\(flag) takes yes or no, not \(inline)")
                    continue
                }
                settings[option.name] = on ? "yes" : "no"
            case .value:
                var value = inline
                if value == nil, i < arguments.count, !arguments[i].hasPrefix("--") {
                    value = arguments[i]
                    i += 1
                }
                guard let value, !value.isEmpty else {
                    problems.append("\(flag) needs a value")
                    continue
                }
                settings[option.name] = settings[option.name].map { $0 + "," + value } ?? value
            }
        }
    }

    /// "--album=X" as ("--album", "X"); anything else as it is.
    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let eq = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<eq]), String(word[word.index(after: eq)...]))
    }

    /// Lines for `--help`: each option the sources take on the command line, and whose it is.
    public static func help(_ registry: SourceRegistry) -> String {
        registry.kinds.flatMap { kind in
            kind.options.compactMap { option -> String? in
                guard let argument = option.argument else { return nil }
                let form: String
                switch argument {
                case .value(let name, let valueName): form = "--\(name) <\(valueName)>"
                case .flag(let name): form = "--\(name)"
                }
                return "  \(form)  \(kind.title): \(option.help)"
            }
        }.joined(separator: "\n")
    }
}
