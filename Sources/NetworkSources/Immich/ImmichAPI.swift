import Foundation
import GalleryCore

/// The one door to an Immich server's API: every request carries the key in `x-api-key`, follows no redirect (the
/// key would go along) and has a bounded body; an answer becomes its body or what went wrong in Immich's terms (a
/// refused key is said once and not retried).
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
            case 401: return .failure(.refused("Immich refused the API key (make one in Immich under Account Settings → API Keys)"))
            case 403: return .failure(.refused("Immich's API key lacks a permission (asset.read, asset.view, album.read, person.read, tag.read)"))
            case 300..<400: return .failure(.refused("\(baseURL) redirects elsewhere: give --api the server's own address"))
            default: return .failure(.http(.status(response.status, retryAfter: response.retryAfter)))
            }
        }
    }
}
