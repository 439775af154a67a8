/// The name a person most likely meant when the one typed is not there ("Pictres" for "Pictures"): the closest
/// by edit distance among what is there, if it is close enough to be a typo (at most a quarter of the letters
/// wrong, at least one), ignoring case.
public enum NameSuggestion {
    public static func closest(to typed: String, among names: [String]) -> String? {
        let target = Array(typed.lowercased())
        guard !target.isEmpty else { return nil }
        let allowed = max(1, target.count / 4)
        var best: (name: String, distance: Int)?
        for name in names.prefix(10_000) {
            let candidate = Array(name.lowercased())
            guard abs(candidate.count - target.count) <= allowed else { continue }
            let d = distance(target, candidate)
            if d <= allowed, d < (best?.distance ?? .max) { best = (name, d) }
        }
        return best?.name
    }

    /// Edit distance with two swapped letters as one edit ("Muisc"), the commonest typo (optimal string alignment).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var twoBack: [Int] = [], previous = Array(0...b.count)
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], twoBack[j - 2] + 1) }
            }
            twoBack = previous
            previous = row
        }
        return previous[b.count]
    }
}
