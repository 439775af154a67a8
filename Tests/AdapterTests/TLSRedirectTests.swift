import Foundation
@testable import GalleryCore
@testable import GalleryNet
import XCTest

/// An https server of our own on 127.0.0.1 (Python's http.server behind a self-signed certificate made by openssl
/// for this run) that redirects to plain http and to https, to check the client never follows a downgrade.
final class TLSRedirectTests: FixtureTestCase {
    private var dir = ""
    private var tls: Process?
    private var tlsPort = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        dir = NSTemporaryDirectory() + "tessera-tls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try run("/usr/bin/env", ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                                 "-keyout", dir + "/key.pem", "-out", dir + "/cert.pem", "-subj", "/CN=127.0.0.1",
                                 "-addext", "subjectAltName=IP:127.0.0.1"])
        let script = """
        import http.server, ssl, sys
        plain = sys.argv[1]
        class H(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path == "/ok":
                    body = b"secure"; self.send_response(200); self.send_header("Content-Length", str(len(body)))
                    self.end_headers(); self.wfile.write(body); return
                target = plain + "/v2/list?page=1" if self.path == "/downgrade" else "/ok"
                self.send_response(302); self.send_header("Location", target); self.send_header("Content-Length", "0")
                self.end_headers()
            def log_message(self, *a): pass
        s = http.server.HTTPServer(("127.0.0.1", 0), H)
        c = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); c.load_cert_chain(sys.argv[2], sys.argv[3])
        s.socket = c.wrap_socket(s.socket, server_side=True)
        print(s.server_address[1], flush=True)
        s.serve_forever()
        """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, server.baseURL, dir + "/cert.pem", dir + "/key.pem"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        tls = p
        // The first line is the port: the server is listening once it is printed.
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        tlsPort = try XCTUnwrap(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    override func tearDown() {
        tls?.terminate()
        tls?.waitUntilExit()
        try? FileManager.default.removeItem(atPath: dir)
        super.tearDown()
    }

    private func run(_ tool: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "\(args.first ?? tool) failed")
    }

    func testARedirectFromHTTPSToPlainHTTPIsRefusedButHTTPSToHTTPSIsFollowed() throws {
        var settings = CurlHTTPClient.Settings()
        settings.caFile = dir + "/cert.pem"
        let client = try CurlHTTPClient(settings: settings)
        defer { client.shutdown() }
        let base = "https://127.0.0.1:\(tlsPort)"
        let secure: Result<HTTPResponse, HTTPError>? = wait { done in _ = client.get(HTTPRequest(url: base + "/secure")) { done($0) } }
        XCTAssertEqual(try secure?.get().body, Data("secure".utf8), "https → https is followed")
        let downgrade: Result<HTTPResponse, HTTPError>? = wait { done in
            _ = client.get(HTTPRequest(url: base + "/downgrade")) { done($0) }
        }
        guard case .failure? = downgrade else {
            return XCTFail("followed a redirect from https to http: \(String(describing: downgrade))")
        }
        XCTAssertEqual(server.counters.pages, 0, "the plain-http server was never asked")
        // A plain-http API may still redirect within http.
        let plain: Result<HTTPResponse, HTTPError>? = wait { done in
            _ = client.get(HTTPRequest(url: server.baseURL + "/id/1/10/10")) { done($0) }
        }
        XCTAssertEqual(try plain?.get().status, 200)
    }
}
