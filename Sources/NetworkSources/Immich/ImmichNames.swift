import Foundation
import GalleryCore

/// People and tags named on the command line, made IDs for the search: an ID (a UUID) is taken as it is; a person's
/// name is looked up through `GET /api/search/person?name=` and a tag's through `GET /api/tags` (its name, or its
/// whole path "Travel/Japan"), both matched whole and without regard to case; a person's name that Immich finds one
/// person for in part ("ada") is that person. Several people of one whole name all count.
/// A name that matches nobody, or several people in part, is reported in words (`Resolved.unknown`), never a silently empty wall.
enum ImmichNames {
    struct Resolved: Equatable {
        var personIDs: [String] = []
        var tagIDs: [String] = []
        /// What matched nobody (or several in part), as the wall says it ("no person named “Bob”").
        var unknown: [String] = []
    }

    /// Answers once, on the network's thread.
    static func resolve(people: [String], tags: [String], api: ImmichAPI,
                        completion: @escaping (Result<Resolved, SourceError>) -> Void) {
        var resolved = Resolved()
        resolved.personIDs = people.filter(ImmichQuery.isID)
        resolved.tagIDs = tags.filter(ImmichQuery.isID)
        let personNames = people.filter { !ImmichQuery.isID($0) }, tagNames = tags.filter { !ImmichQuery.isID($0) }
        lookUpPeople(personNames[...], api: api, into: resolved) { result in
            guard case .success(let withPeople) = result, !tagNames.isEmpty else { return completion(result) }
            api.call("/api/tags", maxBytes: 8 << 20) { answer in
                completion(answer.flatMap { data in
                    Result { try named(tagNames, in: data, keys: ["value", "name"], what: "tag") }.mapError(malformed)
                }.map { found in
                    var r = withPeople
                    r.tagIDs += found.ids
                    r.unknown += found.problems
                    return r
                })
            }
        }
    }

    /// One person's name after another (Immich searches one name at a time).
    private static func lookUpPeople(_ names: ArraySlice<String>, api: ImmichAPI, into resolved: Resolved,
                                     completion: @escaping (Result<Resolved, SourceError>) -> Void) {
        guard let name = names.first else { return completion(.success(resolved)) }
        let query = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        api.call("/api/search/person?name=\(query)&withHidden=false", maxBytes: 4 << 20) { answer in
            switch answer.flatMap({ data in
                Result { try named([name], in: data, keys: ["name"], what: "person", searched: true) }.mapError(malformed)
            }) {
            case .failure(let e): completion(.failure(e))
            case .success(let found):
                var r = resolved
                r.personIDs += found.ids
                r.unknown += found.problems
                lookUpPeople(names.dropFirst(), api: api, into: r, completion: completion)
            }
        }
    }

    private static func malformed(_ error: Error) -> SourceError { .malformed("Immich: \(error)") }

    /// The IDs of the entries of a JSON array whose `keys` hold one of `names` (whole, case folded), and what could
    /// not be matched, in words (`what`: "person", "tag"). With `searched` (the server already kept the entries that
    /// match a name in part, as Immich's person search does), one entry alone is that name's match ("ada" for "Ada
    /// Lovelace"); several say which they could be. At most 100,000 entries are looked at.
    static func named(_ names: [String], in data: Data, keys: [String], what: String,
                      searched: Bool = false) throws -> (ids: [String], problems: [String]) {
        guard let root = try? JSONSerialization.jsonObject(with: data) else { throw JSONList.Failure.notJSON }
        // Immich's person search answers an array; some versions wrap people in `{"people": [...]}`.
        guard let entries = root as? [Any] ?? (root as? [String: Any])?["people"] as? [Any] else {
            throw JSONList.Failure.notAnArray
        }
        let parsed: [(id: String, label: String, values: [String])] = entries.prefix(100_000).compactMap { entry in
            guard let entry = entry as? [String: Any], let id = entry["id"] as? String, Photo.isAcceptableID(id) else { return nil }
            let values = keys.compactMap { entry[$0] as? String }
            return (id, ExternalText.clean(String((values.first ?? id).prefix(200)), maxCharacters: 80), values.map { $0.lowercased() })
        }
        var ids: [String] = [], problems: [String] = []
        for name in names {
            let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
            var matches = parsed.filter { $0.values.contains(folded) }
            if matches.isEmpty, searched, parsed.count == 1 { matches = parsed }
            if matches.isEmpty, searched, parsed.count > 1 {
                let some = parsed.prefix(3).map(\.label).joined(separator: ", ")
                problems.append("more than one \(what) called “\(name)” (\(some)\(parsed.count > 3 ? "…" : ""))")
            } else if matches.isEmpty {
                problems.append("no \(what) named “\(name)”")
            }
            ids += matches.map(\.id).filter { !ids.contains($0) }
        }
        return (ids, problems)
    }
}
