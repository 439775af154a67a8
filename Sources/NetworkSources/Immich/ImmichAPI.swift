import Foundation
import GalleryCore

/// The one door to an Immich server's API: every request carries the key in `x-api-key`, follows no redirect (the
/// key would go along) and has a bounded body; an answer becomes its body or what went wrong in Immich's terms (a
/// refused key, a missing permission or a request Immich rejects as invalid (400) is said once, with Immich's own
/// message, and not retried: asking again cannot help until someone changes the key or the arguments).
struct ImmichAPI {
    /// The server's root (`http://immich.local:2283`), without `/api`.
    let baseURL: String
    let apiKey: String
    let http: HTTPClient

    func request(_ path: String, body: Data? = nil, priority: Int, maxBytes: Int) -> HTTPRequest {
        var request = HTTPRequest(url: baseURL + path, priority: priority, maxBodyBytes: maxBytes)
        request.headers = [("x-api-key", apiKey), ("Accept", "application/json")]
        request.body = body
        request.followsRedirects = false
        return request
    }

    /// A JSON call (a POST with `body`, else a GET), its body at most `maxBytes`.
    @discardableResult
    func call(_ path: String, body: Data? = nil, maxBytes: Int = 16 << 20,
              completion: @escaping (Result<Data, SourceError>) -> Void) -> RequestID {
        http.get(request(path, body: body, priority: -1, maxBytes: maxBytes)) { completion(answer($0)) }
    }

    /// A response's body, or what went wrong in Immich's terms.
    func answer(_ result: Result<HTTPResponse, HTTPError>) -> Result<Data, SourceError> {
        switch result {
        case .failure(let e): return .failure(.http(e))
        case .success(let response):
            switch response.status {
            case 200..<300: return .success(response.body)
            case 400:
                let said = ImmichAPI.message(in: response.body).map { ": " + $0 } ?? ""
                // Translators: {said} is empty or ": " and Immich's own words (English).
                return .failure(.refused(tr("Immich rejected Tessera's request (HTTP 400{said})", ["said": said])))
            // Translators: "Account Settings → API Keys" is where Immich's own interface has it (in its language).
            case 401: return .failure(.refused(tr("Immich refused the API key (make one in Immich under Account Settings → API Keys)")))
            case 403:
                let said = ImmichAPI.message(in: response.body).map { " (\($0))" } ?? ""
                // Translators: {said} is empty or Immich's own words in brackets; {permissions} are Immich's names for them.
                return .failure(.refused(tr("Immich's API key lacks a permission{said}: it needs {permissions}",
                                            ["said": said, "permissions": ImmichAPI.permissions])))
            // Translators: {address} is the server's address as given.
            case 300..<400: return .failure(.refused(tr("{address} redirects elsewhere: give --api the server's own address",
                                                        ["address": baseURL])))
            default: return .failure(.http(.status(response.status, retryAfter: response.retryAfter)))
            }
        }
    }

    /// What a key needs: reading and viewing assets, their originals (a photo zoomed past its preview), albums, people
    /// and tags (for `--album`, `--person` and `--tag` given by name), faces (for `--motion`).
    static let permissions = "asset.read, asset.view, asset.download, album.read, person.read, tag.read, face.read"

    /// The words of an Immich error's body, cleaned and capped: v3's `{"message": "Validation failed", "errors":
    /// [{"path": ["size"], "message": "Too big…"}]}` as "Validation failed: size: Too big…", v2's `{"message":
    /// ["…", "…"]}` or `{"message": "…"}` as they are. Nil when the body says nothing readable.
    static func message(in body: Data) -> String? {
        guard body.count <= 64 << 10,
              let root = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return nil }
        var parts: [String] = []
        if let text = root["message"] as? String {
            parts.append(text)
        } else if let list = root["message"] as? [Any] {
            parts += list.prefix(5).compactMap { $0 as? String }
        }
        if let errors = root["errors"] as? [Any] {
            let issues = errors.prefix(5).compactMap { entry -> String? in
                guard let issue = entry as? [String: Any], let said = issue["message"] as? String else { return nil }
                let path = (issue["path"] as? [Any] ?? []).prefix(8).map { "\($0)" }.joined(separator: ".")
                return path.isEmpty ? said : "\(path): \(said)"
            }
            if !issues.isEmpty {
                let head = parts.isEmpty ? "" : parts.removeLast() + ": "
                parts.append(head + issues.joined(separator: "; "))
            }
        }
        let text = ExternalText.clean(String(parts.joined(separator: "; ").prefix(600)), maxCharacters: 300)
        return text.isEmpty ? nil : text
    }
}
