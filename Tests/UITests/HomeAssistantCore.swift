import FixtureServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// A real Home Assistant Core for a test: the release `scripts/install-home-assistant` puts in its own venv
/// (`make test-deps`; TESSERA_HA_VENV elsewhere), run offline (`--skip-pip`, its location and units given, no
/// `default_config`) on a free port of 127.0.0.1 with a configuration folder of the test's own. Onboarded and given
/// the MQTT integration through its REST API, as a person's first clicks would; then read through that API.
final class HomeAssistantCore {
    static var venv: String { ProcessInfo.processInfo.environment["TESSERA_HA_VENV"] ?? "/opt/tessera-ha-venv" }
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: venv + "/bin/hass") }

    let folder: String
    let port: Int
    private var process: Process?
    private(set) var token = ""
    /// Seconds from start to its API answering, and to onboarded with MQTT set up.
    private(set) var startSeconds = 0.0
    private(set) var setUpSeconds = 0.0

    init(folder: String) throws {
        self.folder = folder
        port = try LocalBroker.freePort()
    }

    deinit { stop() }

    var base: String { "http://127.0.0.1:\(port)" }
    var logText: String { (try? String(contentsOfFile: folder + "/home-assistant.log", encoding: .utf8)) ?? "" }

    /// Only what the test needs: the core, the API, its websocket, onboarding (Home Assistant adds its default
    /// integrations, the frontend among them, by itself). Location, units and zone given, so it asks nobody.
    private var configuration: String {
        """
        homeassistant:
          name: Tessera test
          latitude: 52.37
          longitude: 4.89
          elevation: 0
          unit_system: metric
          time_zone: UTC
          currency: EUR
          country: NL
          language: en
        http:
          server_host: 127.0.0.1
          server_port: \(port)
        api:
        websocket_api:
        onboarding:
        logger:
          default: info

        """
    }

    /// Starts it, waits for its API, onboards a user, takes a token and sets the MQTT integration up with `broker`.
    func start(brokerPort: Int) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try configuration.write(toFile: folder + "/configuration.yaml", atomically: true, encoding: .utf8)
        let started = Date()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: HomeAssistantCore.venv + "/bin/hass")
        process.arguments = ["-c", folder, "--skip-pip"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(90)
        while (try? request("GET", "/api/onboarding", authorized: false))?.status != 200 {
            guard process.isRunning, Date() < deadline else {
                throw HomeAssistantFailed(description: "Home Assistant did not answer: \(logText.suffix(3000))")
            }
            usleep(200_000)  // polling its port, with a deadline
        }
        startSeconds = Date().timeIntervalSince(started)
        try onboard()
        try addMQTT(port: brokerPort)
        setUpSeconds = Date().timeIntervalSince(started)
    }

    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(50_000) }  // its own shutdown, with a deadline
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        self.process = nil
    }

    private func onboard() throws {
        let client = base + "/"
        let user = try json(request("POST", "/api/onboarding/users", body: [
            "client_id": client, "name": "Test", "username": "test", "password": "tessera-test-1", "language": "en",
        ], authorized: false))
        let code = try XCTUnwrap(user["auth_code"] as? String, "onboarding: \(user)")
        let form = "grant_type=authorization_code&code=\(code)&client_id=\(client.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        let answer = try json(request("POST", "/auth/token", form: form, authorized: false))
        token = try XCTUnwrap(answer["access_token"] as? String, "token: \(answer)")
    }

    private func addMQTT(port: Int) throws {
        let flow = try json(request("POST", "/api/config/config_entries/flow", body: ["handler": "mqtt"]))
        let id = try XCTUnwrap(flow["flow_id"] as? String, "mqtt flow: \(flow)")
        let done = try json(request("POST", "/api/config/config_entries/flow/\(id)",
                                    body: ["broker": "127.0.0.1", "port": port]))
        XCTAssertEqual(done["type"] as? String, "create_entry", "mqtt set up: \(done)")
    }

    // MARK: Reading and acting, as a dashboard or an automation would

    /// Every entity's state and attributes, by entity id.
    func states() throws -> [String: [String: Any]] {
        let answer = try request("GET", "/api/states")
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]])
        return Dictionary(list.compactMap { s in (s["entity_id"] as? String).map { ($0, s) } }) { a, _ in a }
    }

    func state(_ entity: String) throws -> String? {
        let answer = try request("GET", "/api/states/\(entity)")
        guard answer.status == 200 else { return nil }
        return try json(answer)["state"] as? String
    }

    /// Calls a service (`button.press`, `switch.turn_off`) on an entity.
    func call(_ service: String, _ entity: String) throws {
        let parts = service.split(separator: ".")
        let answer = try request("POST", "/api/services/\(parts[0])/\(parts[1])", body: ["entity_id": entity])
        XCTAssertEqual(answer.status, 200, "\(service) \(entity): \(String(decoding: answer.body, as: UTF8.self))")
    }

    /// A template rendered by Home Assistant's own engine.
    func render(_ template: String) throws -> String {
        let answer = try request("POST", "/api/template", body: ["template": template])
        XCTAssertEqual(answer.status, 200, String(decoding: answer.body, as: UTF8.self))
        return String(decoding: answer.body, as: UTF8.self)
    }

    /// Polls `condition` until it holds or `seconds` pass; the seconds it took, nil if it never held.
    func seconds(within seconds: Double, poll: Double = 0.02, until condition: () throws -> Bool) rethrows -> Double? {
        let started = Date()
        while Date().timeIntervalSince(started) < seconds {
            if try condition() { return Date().timeIntervalSince(started) }
            usleep(UInt32(poll * 1_000_000))  // polling Home Assistant's API, with a deadline
        }
        return try condition() ? Date().timeIntervalSince(started) : nil
    }

    // MARK: HTTP

    struct Answer {
        let status: Int
        let body: Data
    }

    private func json(_ answer: Answer) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
                      "\(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
    }

    private func request(_ method: String, _ path: String, body: [String: Any]? = nil, form: String? = nil,
                         authorized: Bool = true) throws -> Answer {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.timeoutInterval = 10
        if authorized { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let form {
            request.httpBody = Data(form.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let done = DispatchSemaphore(value: 0)
        let box = AnswerBox()
        URLSession.shared.dataTask(with: request) { data, response, error in
            box.set(Answer(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data ?? Data()), error)
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 15) == .success else {
            throw HomeAssistantFailed(description: "\(method) \(path) not answered")
        }
        let (answer, error) = box.get()
        if let error { throw error }
        return try XCTUnwrap(answer)
    }

    private final class AnswerBox: @unchecked Sendable {  // set once by the session's thread, read after the wait
        private let lock = NSLock()
        private var answer: Answer?
        private var error: Error?
        func set(_ answer: Answer, _ error: Error?) { lock.lock(); self.answer = answer; self.error = error; lock.unlock() }
        func get() -> (Answer?, Error?) { lock.lock(); defer { lock.unlock() }; return (answer, error) }
    }
}

struct HomeAssistantFailed: Error, CustomStringConvertible {
    let description: String
}
