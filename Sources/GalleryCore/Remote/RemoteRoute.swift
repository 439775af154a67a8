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

    /// Whether the route needs the token: all but the page and its icon.
    public var needsToken: Bool {
        switch self {
        case .page, .icon: return false
        default: return true
        }
    }

    /// Whether the route reads a body (the others ignore one).
    public var takesBody: Bool { self == .perform || self == .saveSettings }

    /// The route for a request, or why there is none.
    public static func resolve(method: String, target: String, limits: RemoteLimits = .standard)
        -> Result<RemoteRoute, RouteRefusal> {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? ""
        let query = parts.count > 1 ? String(parts[1]) : ""
        guard let methods = table[path] else { return .failure(.notFound) }
        guard let route = methods[method] else { return .failure(.methodNotAllowed(allowed: methods.keys.sorted())) }
        if case .photo = route { return photoSide(query: query, limits: limits).map { .photo(maxSide: $0) } }
        return .success(route)
    }

    static let table: [String: [String: RemoteRoute]] = [
        "/": ["GET": .page],
        "/favicon.ico": ["GET": .icon],
        "/api/v1/state": ["GET": .state],
        "/api/v1/commands": ["GET": .commandList, "POST": .perform],
        "/api/v1/photo": ["GET": .photo(maxSide: 0)],  // its side comes from the query
        "/api/v1/settings": ["GET": .settingsForm, "POST": .saveSettings],
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
