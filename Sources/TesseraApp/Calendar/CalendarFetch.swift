import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// One calendar source's bytes: a file read whole if it is not larger than the limit, an address fetched through the
/// libcurl client (bounded in bytes and time; basic authentication from `--calendar-auth-file`, never redirected
/// elsewhere with it). The answer comes through `completion` on any thread.
final class CalendarFetch {
    struct Failure: Error, CustomStringConvertible { let description: String }

    private let limits: CalendarLimits
    private let http: HTTPClient?
    /// `Authorization: Basic …`, nil without an auth file.
    private let authorization: String?

    init(limits: CalendarLimits, http: HTTPClient?, authFile: String?) {
        self.limits = limits; self.http = http
        authorization = authFile.flatMap(CalendarFetch.authorization(fromFile:))
    }

    func bytes(of source: String, completion: @escaping (Result<Data, Failure>) -> Void) {
        guard CalendarSettings.isAddress(source) else { return completion(readFile(source)) }
        guard let http else { return completion(.failure(Failure(description: "no HTTP client"))) }
        var request = HTTPRequest(url: CalendarSettings.fetchedAddress(of: source), maxBodyBytes: limits.maxBytes, totalTimeout: limits.fetchTimeout)
        // Never a password over plain http (the options refuse it at start; this keeps it so for any other caller).
        if let authorization, CalendarSettings.refusal(sources: [source], authFile: "") == nil {
            request.headers = [(name: "Authorization", value: authorization)]
            request.followsRedirects = false
        }
        let maxBytes = limits.maxBytes
        http.get(request) { result in
            switch result {
            case .success(let response) where response.status == 200:
                completion(.success(response.body))
            case .success(let response):
                completion(.failure(Failure(description: "HTTP \(response.status)")))
            case .failure(.tooLarge):
                completion(.failure(Failure(description: "larger than \(maxBytes >> 20) MB: refused")))
            case .failure(let error):
                completion(.failure(Failure(description: error.description)))
            }
        }
    }

    /// The file's bytes if it is a regular file no larger than the limit (its size looked at before it is read).
    private func readFile(_ path: String) -> Result<Data, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(Failure(description: String(cString: strerror(errno)))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(Failure(description: "not a regular file")) }
        guard Int(info.st_size) <= limits.maxBytes else {
            return .failure(Failure(description: "\(Int(info.st_size) >> 20) MB, larger than \(limits.maxBytes >> 20) MB: refused"))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(Failure(description: "cannot open")) }
        defer { try? handle.close() }
        // Read at most one byte past the limit: a file that grew since stat is refused too.
        let data = (try? handle.read(upToCount: limits.maxBytes + 1)) ?? Data()
        guard data.count <= limits.maxBytes else { return .failure(Failure(description: "larger than \(limits.maxBytes >> 20) MB: refused")) }
        return .success(data)
    }

    /// `Basic base64(user:password)` from a file holding `user:password` (its first line); nil, with a line in the
    /// log, when it cannot be read or holds no colon.
    static func authorization(fromFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path),
              let data = try? handle.read(upToCount: 4096), let text = String(data: data, encoding: .utf8) else {
            Log.warn("calendar: cannot read the auth file \(path); addresses are asked without a password")
            return nil
        }
        try? handle.close()
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard line.contains(":") else {
            Log.warn("calendar: the auth file \(path) holds no user:password line; addresses are asked without one")
            return nil
        }
        // Neither the line, its password nor the header made of them is ever logged.
        Log.secret(line)
        Log.secret(line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).last.map(String.init))
        return "Basic " + Data(line.utf8).base64EncodedString()
    }
}
