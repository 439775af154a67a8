import Foundation
import GalleryCore

/// People, tags and albums named on the command line, made IDs for the search (Immich answers 400 to anything else
/// where an ID belongs): an ID (a UUID) is taken as it is; a person's name is looked up through
/// `GET /api/search/person?name=`, a tag's through `GET /api/tags` (its name, or its whole path "Travel/Japan") and an
/// album's through `GET /api/albums` (its `albumName`: the key's own albums and those shared with it), all matched
/// whole and without regard to case; a person's name that Immich finds one person for in part ("ada") is that
/// person. Several people of one whole name all count; two albums of one name are not guessed between.
/// A name that matches nobody, or several in part, is reported in words (`Resolved.unknown`), never a silently empty
/// wall, and no search is sent with it.
enum ImmichNames {
    struct Resolved: Equatable {
        var personIDs: [String] = []
        var tagIDs: [String] = []
        var albumIDs: [String] = []
        /// What matched nobody (or several in part), as the wall says it ("no person named “Bob”").
        var unknown: [String] = []
    }

    /// The IDs named, when every one is an ID (nothing to look up); nil when a name is among them.
    static func withoutLookUp(people: [String], tags: [String], albums: [String]) -> Resolved? {
        guard (people + tags + albums).allSatisfy(ImmichQuery.isID) else { return nil }
        return Resolved(personIDs: people, tagIDs: tags, albumIDs: albums)
    }

    /// Answers once, on the network's thread.
    static func resolve(people: [String], tags: [String], albums: [String] = [], api: ImmichAPI,
                        completion: @escaping (Result<Resolved, SourceError>) -> Void) {
        var resolved = Resolved()
        resolved.personIDs = people.filter(ImmichQuery.isID)
        resolved.tagIDs = tags.filter(ImmichQuery.isID)
        resolved.albumIDs = albums.filter(ImmichQuery.isID)
        let personNames = people.filter { !ImmichQuery.isID($0) }, tagNames = tags.filter { !ImmichQuery.isID($0) }
        let albumNames = albums.filter { !ImmichQuery.isID($0) }
        lookUpPeople(personNames[...], api: api, into: resolved) { result in
            guard case .success(let withPeople) = result else { return completion(result) }
            lookUp(tagNames, at: ["/api/tags"], keys: ["value", "name"], what: "tag", api: api, into: withPeople,
                   add: { $0.tagIDs += $1 }) { result in
                guard case .success(let withTags) = result else { return completion(result) }
                // Without `shared` Immich lists the key's own albums; `shared=true` those shared with it (and its own
                // that it shares).
                lookUp(albumNames, at: ["/api/albums", "/api/albums?shared=true"], keys: ["albumName"], what: "album",
                       unique: true, api: api, into: withTags, add: { $0.albumIDs += $1 }, completion: completion)
            }
        }
    }

    /// Names looked up in listings (`paths`, each a JSON array, asked one after another and read as one), their IDs
    /// added with `add`; no request for no names.
    private static func lookUp(_ names: [String], at paths: [String], keys: [String], what: String, unique: Bool = false,
                               api: ImmichAPI, into resolved: Resolved, add: @escaping (inout Resolved, [String]) -> Void,
                               listed: [Any] = [], completion: @escaping (Result<Resolved, SourceError>) -> Void) {
        guard !names.isEmpty else { return completion(.success(resolved)) }
        guard let path = paths.first else {
            let data = (try? JSONSerialization.data(withJSONObject: listed)) ?? Data("[]".utf8)
            return completion(Result { try named(names, in: data, keys: keys, what: what, unique: unique) }
                .mapError(malformed).map { found in
                    var r = resolved
                    add(&r, found.ids)
                    r.unknown += found.problems
                    return r
                })
        }
        api.call(path, maxBytes: 8 << 20) { answer in
            switch answer.flatMap({ data in
                Result { () throws -> [Any] in
                    guard let list = try? JSONSerialization.jsonObject(with: data) as? [Any] else { throw JSONList.Failure.notAnArray }
                    return list
                }.mapError(malformed)
            }) {
            case .failure(let e): completion(.failure(e))
            case .success(let list):
                lookUp(names, at: Array(paths.dropFirst()), keys: keys, what: what, unique: unique, api: api, into: resolved,
                       add: add, listed: listed + list.prefix(max(0, 100_000 - listed.count)), completion: completion)
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
    /// Lovelace"); several say which they could be. `unique`: a name two entries hold whole is not guessed between
    /// (two albums called "Summer": the ID tells them apart). At most 100,000 entries are looked at.
    static func named(_ names: [String], in data: Data, keys: [String], what: String,
                      searched: Bool = false, unique: Bool = false) throws -> (ids: [String], problems: [String]) {
        guard let root = try? JSONSerialization.jsonObject(with: data) else { throw JSONList.Failure.notJSON }
        // Immich's person search answers an array; some versions wrap people in `{"people": [...]}`.
        guard let entries = root as? [Any] ?? (root as? [String: Any])?["people"] as? [Any] else {
            throw JSONList.Failure.notAnArray
        }
        var seen = Set<String>()
        let parsed: [(id: String, label: String, values: [String])] = entries.prefix(100_000).compactMap { entry in
            // One listed twice (an album of the key's own that it shares) is one.
            guard let entry = entry as? [String: Any], let id = entry["id"] as? String, Photo.isAcceptableID(id),
                  seen.insert(id).inserted else { return nil }
            let values = keys.compactMap { entry[$0] as? String }
            return (id, ExternalText.clean(String((values.first ?? id).prefix(200)), maxCharacters: 80), values.map { $0.lowercased() })
        }
        var ids: [String] = [], problems: [String] = []
        for name in names {
            let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
            var matches = parsed.filter { $0.values.contains(folded) }
            if unique, matches.count > 1 {
                problems.append(Problem.severalNamed.words(what, ["name": name]))
                continue
            }
            if matches.isEmpty, searched, parsed.count == 1 { matches = parsed }
            if matches.isEmpty, searched, parsed.count > 1 {
                let some = parsed.prefix(3).map(\.label).joined(separator: ", ")
                problems.append(Problem.severalCalled.words(what, ["name": name, "some": some + (parsed.count > 3 ? "…" : "")]))
            } else if matches.isEmpty {
                problems.append(Problem.noneNamed.words(what, ["name": name]))
            }
            ids += matches.map(\.id).filter { !ids.contains($0) }
        }
        return (ids, problems)
    }
}
