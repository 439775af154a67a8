import Foundation

/// What a request to the remote asks for, from its method and target alone: the routing table of
/// `RemoteServer`, kept here so it is tested without a socket. The API names no file and reads none: every route
/// is a fixed path.
public enum RemoteRoute: Equatable, Sendable {
    /// `GET /`: the remote page (static: it holds no data, so it needs no token).
    case page
    /// `GET /favicon.ico`: nothing, at once (browsers ask for it; a 401 there would only fill their console).
    case icon
    /// `GET /api/v1/state`.
    case state
    /// `GET /api/v1/commands`: every command's name.
    case commandList
    /// `POST /api/v1/commands`.
    case perform
    /// `GET /api/v1/photo[?size=N]`: the photo shown, no larger than this a side.
    case photo(maxSide: Int)
    /// `GET /api/v1/settings`.
    case settingsForm
    /// `POST /api/v1/settings`.
    case saveSettings
    /// `GET /api/v1/settings/export`: the settings as a file another frame imports.
    case exportSettings
    /// `POST /api/v1/settings/import`: such a file, checked by the form's own checks, all or nothing.
    case importSettings
    /// `GET /api/v1/screenshot[?size=N&format=png|jpeg]`: the whole screen as the panel shows it.
    case screenshot(ScreenshotRequest)
    /// `GET /api/v1/log[?lines=N]`: the last lines of the frame's log.
    case log(lines: Int)
    /// `GET /metrics`: Prometheus's text format.
    case metrics
    /// `GET /api/v1/frames`: the other frames this one can see (mDNS, MQTT).
    case frames

    /// Whether the route needs the token: all but the page and its icon.
    public var needsToken: Bool {
        switch self {
        case .page, .icon: return false
        default: return true
        }
    }

    /// Whether the route reads a body (the others ignore one).
    public var takesBody: Bool { self == .perform || self == .saveSettings || self == .importSettings }

    /// The route for a request, or why there is none.
    public static func resolve(method: String, target: String, limits: RemoteLimits = .standard)
        -> Result<RemoteRoute, RouteRefusal> {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? ""
        let query = parts.count > 1 ? String(parts[1]) : ""
        guard let methods = table[path] else { return .failure(.notFound) }
        guard let route = methods[method] else { return .failure(.methodNotAllowed(allowed: methods.keys.sorted())) }
        switch route {
        case .photo: return photoSide(query: query, limits: limits).map { .photo(maxSide: $0) }
        case .screenshot: return ScreenshotRequest.parse(query: query).map { .screenshot($0) }
        case .log: return logLines(query: query).map { .log(lines: $0) }
        default: return .success(route)
        }
    }

    static let table: [String: [String: RemoteRoute]] = [
        "/": ["GET": .page],
        "/favicon.ico": ["GET": .icon],
        "/api/v1/state": ["GET": .state],
        "/api/v1/commands": ["GET": .commandList, "POST": .perform],
        "/api/v1/photo": ["GET": .photo(maxSide: 0)],  // its side comes from the query
        "/api/v1/settings": ["GET": .settingsForm, "POST": .saveSettings],
        "/api/v1/settings/export": ["GET": .exportSettings],
        "/api/v1/settings/import": ["POST": .importSettings],
        "/api/v1/screenshot": ["GET": .screenshot(ScreenshotRequest())],  // its size and format come from the query
        "/api/v1/log": ["GET": .log(lines: 0)],  // its count comes from the query
        "/metrics": ["GET": .metrics],
        "/api/v1/frames": ["GET": .frames],
    ]

    /// `size=N` (other parameters are ignored), kept within `limits.photoSides`; the standard side without one.
    static func photoSide(query: String, limits: RemoteLimits) -> Result<Int, RouteRefusal> {
        let size = query.split(separator: "&").first { $0.hasPrefix("size=") }.map { $0.dropFirst(5) }
        guard let size else { return .success(limits.photoSide) }
        guard size.count <= 6, let side = Int(size), side > 0 else {
            return .failure(.badRequest("size must be a number of pixels (\(limits.photoSides.lowerBound) to \(limits.photoSides.upperBound))"))
        }
        return .success(min(max(side, limits.photoSides.lowerBound), limits.photoSides.upperBound))
    }

    /// `lines=N` of the log, within `mostLogLines`; the standard count without one.
    static func logLines(query: String) -> Result<Int, RouteRefusal> {
        let lines = query.split(separator: "&").first { $0.hasPrefix("lines=") }.map { $0.dropFirst(6) }
        guard let lines else { return .success(RemoteRoute.standardLogLines) }
        guard lines.count <= 6, let count = Int(lines), count > 0 else {
            return .failure(.badRequest("lines must be a number (1 to \(RemoteRoute.mostLogLines))"))
        }
        return .success(min(count, RemoteRoute.mostLogLines))
    }

    /// Log lines answered when the request names no count, and the most a request may have.
    public static let standardLogLines = 200
    public static let mostLogLines = 1000
}

/// What a screenshot request asks for: the screen scaled to fit `maxSide` (nil: the panel's own size), as PNG
/// (exactly the pixels) or JPEG (smaller).
public struct ScreenshotRequest: Equatable, Sendable {
    public enum Format: String, Equatable, Sendable { case png, jpeg }
    public var maxSide: Int?
    public var format: Format
    public init(maxSide: Int? = nil, format: Format = .png) { self.maxSide = maxSide; self.format = format }

    /// The sides a request may name (`?size=N`): a larger one is the panel's own size at most.
    public static let sides = 64...7680

    /// `size=N` and `format=png|jpeg` (other parameters are ignored).
    public static func parse(query: String) -> Result<ScreenshotRequest, RouteRefusal> {
        var request = ScreenshotRequest()
        for pair in query.split(separator: "&") {
            if pair.hasPrefix("size=") {
                let size = pair.dropFirst(5)
                guard size.count <= 6, let side = Int(size), side > 0 else {
                    return .failure(.badRequest("size must be a number of pixels (\(sides.lowerBound) to \(sides.upperBound))"))
                }
                request.maxSide = min(max(side, sides.lowerBound), sides.upperBound)
            } else if pair.hasPrefix("format=") {
                guard let format = Format(rawValue: String(pair.dropFirst(7)).lowercased()) else {
                    return .failure(.badRequest("format must be png or jpeg"))
                }
                request.format = format
            }
        }
        return .success(request)
    }
}

/// Why a request has no route.
public enum RouteRefusal: Error, Equatable, Sendable {
    /// No such path (404).
    case notFound
    /// The path takes other methods (405, with Allow).
    case methodNotAllowed(allowed: [String])
    /// The path is right, its query is not (400).
    case badRequest(String)
}
