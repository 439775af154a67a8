import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a frame's remote answered: the status and the body (as text, and as a JSON object when it is one).
public struct RemoteAnswer {
    public let status: Int
    public let text: String
    public var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] }
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
        reply.set(error, RemoteAnswer(status: (response as? HTTPURLResponse)?.statusCode ?? 0,
                                      text: data.map { String(decoding: $0, as: UTF8.self) } ?? ""))
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
    private var answer = RemoteAnswer(status: 0, text: "")
    func set(_ failure: Error?, _ answer: RemoteAnswer) { lock.withLock { (self.failure, self.answer) = (failure, answer) } }
    func get() -> (Error?, RemoteAnswer) { lock.withLock { (failure, answer) } }
}
