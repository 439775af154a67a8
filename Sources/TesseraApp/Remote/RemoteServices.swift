import Foundation
import GalleryCore
import RemoteControl

/// The remotes the user asked for, started with the frame and stopped with it: the HTTP server (`--remote`) and
/// the MQTT client (`--mqtt`). Neither starts unless asked; one that cannot start is said in the log and the toast,
/// and the frame goes on without it (a port taken must not leave a wall dark).
final class RemoteServices {
    private var server: RemoteServer?
    private var bridge: MQTTBridge?
    /// The frame announced on the local network (mDNS through Avahi) while the server runs, and the other frames
    /// found there.
    private var discovery: FrameDiscovery?
    /// The port the HTTP server listens on (the benchmark asks for port 0).
    private(set) var httpPort: Int?
    /// Why a remote could not start, for the toast.
    private(set) var problems: [String] = []
    /// The configuration folder, where the running server's address is recorded (`RemoteListening`).
    private var recordedIn: String?

    /// `overlays`: the overlays the owner can switch (Home Assistant's switches).
    init(options: AppOptions, desk: FrameDesk, overlays: [String] = []) {
        // Beside the configuration file: the token and the frame's id are the frame's, like its settings.
        let folder = ((options.configPath ?? NSHomeDirectory() + "/.config/tessera/config") as NSString)
            .deletingLastPathComponent
        if let text = options.remote, let address = ListenAddress(parsing: text) {
            startServer(at: address, options: options, folder: folder, desk: desk)
        }
        if let text = options.mqtt, let broker = BrokerAddress(parsing: text) {
            startBridge(to: broker, options: options, folder: folder, desk: desk, overlays: overlays)
        }
    }

    private func startServer(at address: ListenAddress, options: AppOptions, folder: String, desk: FrameDesk) {
        do {
            let token = try options.remoteTokenFile.map { try RemoteToken.read(file: $0, warn: { Log.warn("remote: \($0)") }) }
                ?? RemoteToken.loadOrCreate(configFolder: folder, warn: { Log.warn("remote: \($0)") })
            Log.secret(token)
            // No form without the parser's check: nothing unchecked is ever written.
            let settings = options.configPath.flatMap { path in
                options.checkSetting.map { ConfigSettings(path: path, check: $0, running: RemoteServices.running(options)) }
            }
            // The page in each phone's language: the catalogues read by the remote itself (gettext's are the frame's).
            let books = WordBooks(folder: CatalogueFolder.find(executable: "/proc/self/exe",
                                                               environment: ProcessInfo.processInfo.environment))
            let server = RemoteServer(address: address, token: token, control: desk, settings: settings,
                                      books: { books.book(acceptLanguage: $0) }, log: { Log.info($0) },
                                      refused: { [metrics = desk.meter.metrics] in metrics.errors.add("remote_refused") })
            try server.start()
            self.server = server
            // The server has said where it listens (once: "remote: listening at …").
            httpPort = server.boundPort
            listenHost = address.host
            // For `tessera remote-token`: the address bound, whichever way --remote came.
            let listening = RemoteListening(address: ListenAddress(host: address.host, port: server.boundPort).description,
                                            tokenFile: options.remoteTokenFile)
            do {
                try listening.write(in: folder)
                recordedIn = folder
            } catch {
                Log.warn("remote: cannot record where it listens in \(folder) (tessera remote-token then reads the "
                         + "configuration file): \(error.localizedDescription)")
            }
            announce(port: server.boundPort, host: address.host, options: options, folder: folder, desk: desk)
        } catch {
            Log.warn("The remote cannot listen at \(address): \(error)")
            // Translators: a toast; {address} is where it would listen (host:port), {error} what the system said.
            problems.append(tr("The remote cannot listen at {address}: {error}",
                               ["address": "\(address)", "error": "\(error)"]))
        }
    }

    /// Announces the remote as `_tessera._tcp` with the frame's id (the one its MQTT topics use) and looks for the
    /// other frames. Without avahi-daemon it says so once and the frame goes on.
    private func announce(port: Int, host: String, options: AppOptions, folder: String, desk: FrameDesk) {
        let (id, problem) = FrameIDFile.load(in: URL(fileURLWithPath: folder), name: options.userName)
        if let problem { Log.warn("mDNS: \(problem)") }
        let announcement = FrameDiscovery.Announcement(id: id, name: options.userName ?? RemoteServices.hostName,
                                                       version: AppOptions.version, port: port, listenHost: host)
        discovery = FrameDiscovery(announcing: announcement, seen: desk.seenFrames, log: { Log.info($0) })
    }

    private func startBridge(to broker: BrokerAddress, options: AppOptions, folder: String, desk: FrameDesk,
                             overlays: [String]) {
        do {
            let password = options.mqttPassword
            let (id, problem) = FrameIDFile.load(in: URL(fileURLWithPath: folder), name: options.userName)
            if let problem { Log.warn("mqtt: \(problem)") }
            let bridge = try MQTTBridge(broker: broker, password: password, caFile: options.mqttCAFile,
                                        frameID: id.value, deviceName: options.userName ?? RemoteServices.hostName,
                                        version: AppOptions.version, control: desk, log: { Log.info($0) },
                                        sources: SourceRegistry.installed.names, configurationURL: pageURL,
                                        notice: { [desk] in desk.setNotice($0) }, overlays: overlays,
                                        values: options.config.houseValues, seen: desk.seenFrames)
            try bridge.start()
            self.bridge = bridge
            Log.info("mqtt: to \(broker) as tessera/\(id.value)")
        } catch {
            Log.warn("MQTT cannot start (\(broker)): \(error)")
            // Translators: a toast; {broker} is the MQTT broker's address, {error} what went wrong.
            problems.append(tr("MQTT cannot start ({broker}): {error}", ["broker": "\(broker)", "error": "\(error)"]))
        }
    }

    /// The remote page's address, when the server runs (Home Assistant links it from the device): the machine's
    /// name where the server listens on every address.
    private var pageURL: String? {
        guard let port = httpPort, let host = listenHost else { return nil }
        return "http://\(RemoteServices.pageAddress(host: host, port: port))/"
    }

    /// The remote page's host:port as a phone reaches it: the machine's name where the server listens on every
    /// address.
    static func pageAddress(host: String, port: Int) -> String {
        let reachable = ["0.0.0.0", "::", ""].contains(host) ? ProcessInfo.processInfo.hostName : host
        return "\(reachable.contains(":") ? "[\(reachable)]" : reachable):\(port)"
    }

    /// The page's host:port from `--remote` (nil: no remote), for the identify card.
    static func pageAddress(_ options: AppOptions) -> String? {
        guard let text = options.remote, let address = ListenAddress(parsing: text) else { return nil }
        return pageAddress(host: address.host, port: address.port)
    }
    private var listenHost: String?

    /// The machine's name, for a frame that was given none (Home Assistant names the device so).
    static var hostName: String { ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "Tessera" }

    /// The values the frame runs with, for the settings form where the file has none.
    static func running(_ options: AppOptions) -> [String: String] {
        var values: [String: String] = [
            "mode": options.slideshow ? "slideshow" : "wall",
            "interval": ConfigText.number(options.config.slideInterval),
            "transition": options.config.slideTransition.rawValue,
            "fill": options.config.slideFill.rawValue,
            "clock": options.config.slideClock?.description ?? "off",
            "sort": options.sort.rawValue,
            "source": options.source,
        ]
        if let kiosk = options.kiosk {
            values["speed"] = ConfigText.number(kiosk.autoScroll.speed)
            values["idle"] = ConfigText.number(kiosk.autoScroll.idle)
            values["schedule"] = kiosk.schedule?.description
            values.merge(options.weekTexts) { _, week in week }
            values["wake-on-touch"] = kiosk.wakeOnTouch ? "yes" : "no"
        }
        return values
    }

    func stop() {
        if let recordedIn { RemoteListening.remove(in: recordedIn) }
        recordedIn = nil
        discovery?.stop()
        discovery = nil
        bridge?.stop()
        server?.stop()
        bridge = nil
        server = nil
    }
}
