import Foundation
import GalleryCore

/// People and tags named on the command line, made IDs for the search: an ID (a UUID) is taken as it is; a person's
/// name is looked up through `GET /api/search/person?name=` and a tag's through `GET /api/tags` (its name, or its
/// whole path "Travel/Japan"), both matched whole and without regard to case. Several people of one name all count.
/// A name that matches nobody is reported in words (`Resolved.unknown`), never a silently empty wall.
enum ImmichNames {
    struct Resolved: Equatable {
        var personIDs: [String] = []
        var tagIDs: [String] = []
        /// What matched nothing, as the wall says it ("no person named “Bob”").
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
                    Result { try named(tagNames, in: data, keys: ["value", "name"]) }.mapError(malformed)
                }.map { found in
                    var r = withPeople
                    r.tagIDs += found.ids
                    r.unknown += found.missing.map { "no tag named “\($0)”" }
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
            switch answer.flatMap({ data in Result { try named([name], in: data, keys: ["name"]) }.mapError(malformed) }) {
            case .failure(let e): completion(.failure(e))
            case .success(let found):
                var r = resolved
                r.personIDs += found.ids
                r.unknown += found.missing.map { "no person named “\($0)”" }
                lookUpPeople(names.dropFirst(), api: api, into: r, completion: completion)
            }
        }
    }

    private static func malformed(_ error: Error) -> SourceError { .malformed("Immich: \(error)") }

    /// The IDs of the entries of a JSON array whose `keys` hold one of `names` (whole, case folded), and the names
    /// nothing held. At most 100,000 entries are looked at.
    static func named(_ names: [String], in data: Data, keys: [String]) throws -> (ids: [String], missing: [String]) {
        guard let root = try? JSONSerialization.jsonObject(with: data) else { throw JSONList.Failure.notJSON }
        // Immich's person search answers an array; some versions wrap people in `{"people": [...]}`.
        guard let entries = root as? [Any] ?? (root as? [String: Any])?["people"] as? [Any] else {
            throw JSONList.Failure.notAnArray
        }
        var ids: [String] = [], missing: [String] = []
        let wanted = names.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let parsed = entries.prefix(100_000).compactMap { $0 as? [String: Any] }
        for (name, folded) in zip(names, wanted) {
            let matches = parsed.filter { entry in keys.contains { (entry[$0] as? String)?.lowercased() == folded } }
                .compactMap { $0["id"] as? String }.filter(Photo.isAcceptableID)
            if matches.isEmpty { missing.append(name) } else { ids += matches.filter { !ids.contains($0) } }
        }
        return (ids, missing)
    }
}
