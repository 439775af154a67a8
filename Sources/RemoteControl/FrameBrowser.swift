import AvahiKit
import Foundation
import GalleryCore

/// Looks for other frames' DNS-SD services (`_tessera._tcp`) through avahi-daemon and resolves each into a
/// `FrameSeen` (its TXT record, address and port) for `SeenFrames`. A service removed is forgotten; a daemon gone
/// takes everything it told with it, and browsing starts again when it is back.
///
/// Runs with the connection's lock held (`AvahiClientPart`), which guards the browser and the resolvers. `settled` says when the first answers are in (Avahi's "all for now" and every service found
/// so far resolved or failed), for `tessera frames`.
final class FrameBrowser: AvahiClientPart, @unchecked Sendable {
    private let seen: SeenFrames
    private var browser: ServiceBrowser?
    private var resolvers: [ServiceName: ServiceResolver] = [:]
    private var unanswered: Set<ServiceName> = []
    private var allForNow = false
    private let firstAnswers = NSCondition()
    private var settledNow = false
    /// Services resolved at a time, at most (a network full of services costs bounded work).
    static let maxResolvers = 128

    init(connection: AvahiConnection, seen: SeenFrames, log: @escaping @Sendable (String) -> Void) {
        self.seen = seen
        super.init(connection: connection, log: log)
    }

    override func daemonRuns() {
        guard browser == nil else { return }
        do {
            browser = try ServiceBrowser(on: connection, type: FrameAnnouncement.serviceType) { [weak self] event in
                self?.heard(event)
            }
        } catch {
            log("mDNS: cannot look for other frames: \(error)")
            settle()
        }
    }

    override func daemonGone(failed: Bool) {
        browser = nil
        resolvers = [:]
        unanswered = []
        allForNow = false
        seen.forget(way: .mdns)
        if failed { settle() }
    }

    /// Stops looking (the browser and resolvers freed).
    func stop() {
        end {
            browser = nil
            resolvers = [:]
        }
    }

    /// Waits until the first answers are in, at most `seconds`; whether they came.
    func waitUntilSettled(seconds: Double) -> Bool {
        firstAnswers.lock()
        defer { firstAnswers.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !settledNow { if !firstAnswers.wait(until: deadline) { return settledNow } }
        return true
    }

    private func heard(_ event: ServiceBrowser.Event) {
        switch event {
        case .new(let service, _):
            guard resolvers[service] == nil, resolvers.count < FrameBrowser.maxResolvers else { return }
            do {
                resolvers[service] = try ServiceResolver(on: connection, service: service) { [weak self] result in
                    self?.resolved(service, result)
                }
                unanswered.insert(service)
            } catch {
                log("mDNS: cannot resolve \"\(ExternalText.clean(service.name))\": \(error)")
            }
        case .removed(let service):
            resolvers[service] = nil
            unanswered.remove(service)
            seen.lost(way: .mdns, key: FrameBrowser.key(service))
            checkSettled()
        case .allForNow:
            allForNow = true
            checkSettled()
        case .cacheExhausted:
            break
        case .failure(let error):
            log("mDNS: looking for other frames failed: \(error)")
            settle()
        }
    }

    private func resolved(_ service: ServiceName, _ result: Result<ResolvedService, AvahiError>) {
        unanswered.remove(service)
        switch result {
        case .success(let found):
            if let frame = FrameAnnouncement.frame(txt: found.txt, serviceName: service.name, hostName: found.hostName,
                                                   address: found.address, isIPv6: found.isIPv6, port: found.port) {
                seen.saw(frame, way: .mdns, key: FrameBrowser.key(service))
            }
        case .failure:
            // Gone before it answered (or never a frame): nothing seen; the resolver is let go.
            resolvers[service] = nil
        }
        checkSettled()
    }

    private func checkSettled() {
        if allForNow && unanswered.isEmpty { settle() }
    }

    private func settle() {
        firstAnswers.lock()
        settledNow = true
        firstAnswers.broadcast()
        firstAnswers.unlock()
    }

    /// One service on one interface and protocol: each is a sighting of its own (`FrameSightings` merges them).
    static func key(_ service: ServiceName) -> String {
        "\(service.interface)/\(service.proto)/\(service.name).\(service.type).\(service.domain)"
    }
}
