import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a frame's remote answered: the status, the body (as bytes, as text, and as a JSON object when it is one) and
/// the headers.
public struct RemoteAnswer {
    public let status: Int
    public let body: Data
    /// The answer's headers, their names lowercased.
    public let headers: [String: String]
    public init(status: Int, body: Data, headers: [String: String] = [:]) {
        self.status = status; self.body = body; self.headers = headers
    }
    public var text: String { String(decoding: body, as: UTF8.self) }
    public var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    /// A header's value, by any case of its name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// One request to a frame's remote on 127.0.0.1, on a connection of its own (URLSession's): what every test that
/// steers a frame from afar sends. `token` nil sends none (a stranger). Throws the connection's failure, or
/// `RemoteFrame.Timeout` when nothing came back within 15 s.
public func remoteRequest(port: Int, token: String?, _ method: String, _ path: String,
                          body: String? = nil) throws -> RemoteAnswer {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
    request.httpMethod = method
    request.timeoutInterval = 10
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    if let body {
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let done = DispatchSemaphore(value: 0), reply = Reply()
    URLSession.shared.dataTask(with: request) { data, response, error in
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        reply.set(error, RemoteAnswer(status: http?.statusCode ?? 0, body: data ?? Data(), headers: headers))
        done.signal()
    }.resume()
    guard done.wait(timeout: .now() + 15) == .success else { throw RemoteFrame.Timeout(what: "\(method) \(path)") }
    let (failure, answer) = reply.get()
    if let failure { throw failure }
    return answer
}

/// An answer handed over from URLSession's thread.
private final class Reply: @unchecked Sendable {  // behind `lock`
    private let lock = NSLock()
    private var failure: Error?
    private var answer = RemoteAnswer(status: 0, body: Data())
    func set(_ failure: Error?, _ answer: RemoteAnswer) { lock.withLock { (self.failure, self.answer) = (failure, answer) } }
    func get() -> (Error?, RemoteAnswer) { lock.withLock { (failure, answer) } }
}
