import AppDriving
import AvahiKit
import Foundation
import XCTest

/// AvahiKit against a real avahi-daemon on the test's own bus (`PrivateAvahi`, loopback only): each wrapper's calls,
/// a daemon missing as a typed error or a wait, a name taken, a service published, browsed and resolved.
///
/// Each test runs alone in a fresh child process of the test binary (`TestInOwnProcess`): libdbus reads the system
/// bus's address once per process, at its first use (`DBUS_SYSTEM_BUS_ADDRESS`, else the machine's socket), and in
/// the suite an earlier test has already made that use (SDL's start-up opens the system bus), so a client here would
/// look for the daemon on the machine's bus and find none. In the child, the network's address is set
/// (`useInProcess`) before anything opens a bus. One network per process: every client here finds the same bus
/// (the daemon on it may stop and start).
final class AvahiKitTests: XCTestCase {
    private static var shared: PrivateAvahi?

    override class func tearDown() {
        shared?.stop()
        shared = nil
    }

    /// The class's network with its daemon running (or not: `daemon` false).
    private func network(daemon: Bool = true) throws -> PrivateAvahi {
        let avahi = try AvahiKitTests.shared ?? PrivateAvahi()
        if AvahiKitTests.shared == nil {
            AvahiKitTests.shared = avahi
            _ = avahi.useInProcess()
        }
        if daemon { if !avahi.daemonRuns { try avahi.startDaemon() } } else { avahi.stopDaemon() }
        return avahi
    }

    /// Runs the test's `body` in a child process of its own (`TestInOwnProcess`; this process, the test's parent,
    /// only reports its outcome).
    private func alone(_ function: String, _ body: () throws -> Void) throws {
        try TestInOwnProcess.run("AdapterTests.AvahiKitTests/\(function.prefix { $0 != "(" })", timeout: 120, body)
    }

    /// Hears values from Avahi's thread; a wait is woken by each.
    private final class Heard<T>: @unchecked Sendable {
        private let condition = NSCondition()
        private var values: [T] = []
        func add(_ value: T) { condition.lock(); values.append(value); condition.broadcast(); condition.unlock() }
        var all: [T] { condition.lock(); defer { condition.unlock() }; return values }
        /// Waits (at most `seconds`) for a value that `matches`.
        func wait(_ seconds: Double = 20, for matches: (T) -> Bool) -> T? {
            var found: T?
            _ = waitUntil(seconds) { all in found = all.first(where: matches); return found != nil }
            return found
        }
        /// Waits (at most `seconds`) until what was heard so far `holds`.
        func waitUntil(_ seconds: Double = 20, _ holds: ([T]) -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: seconds)
            condition.lock()
            defer { condition.unlock() }
            while !holds(values) {
                if !condition.wait(until: deadline) { return holds(values) }
            }
            return true
        }
    }

    func testNoDaemonIsATypedErrorOrAWaitThatEndsWhenOneComes() throws {
        try alone(#function) {
            let avahi = try network(daemon: false)
            XCTAssertThrowsError(try AvahiConnection(waitForDaemon: false)) { error in
                XCTAssertTrue((error as? AvahiError)?.isDaemonMissing == true, "\(error)")
                XCTAssertEqual((error as? AvahiError)?.call, "avahi_client_new")
            }
            let connection = try AvahiConnection(waitForDaemon: true)
            let states = Heard<AvahiConnection.State>()
            try connection.start { states.add($0) }
            XCTAssertEqual(states.all.first, .connecting, "told at start, before any thread runs")
            try avahi.startDaemon()
            XCTAssertNotNil(states.wait { $0 == .running }, "the daemon that came later is found: \(states.all)")
            avahi.stopDaemon()
            // A daemon that goes away fails the client (even one that waits): a new client waits for the next.
            XCTAssertTrue(states.waitUntil {
                $0.drop { $0 != .running }.contains { if case .failure(let error) = $0 { return error.isDaemonMissing } else { return false } }
            }, "gone again: \(states.all)")
            connection.stop()
            connection.stop()
        }
    }

    func testAServiceIsPublishedBrowsedAndResolvedWithItsTXT() throws {
        try alone(#function) {
            _ = try network()
            let connection = try AvahiConnection(waitForDaemon: false)
            let running = Heard<AvahiConnection.State>()
            try connection.start { running.add($0) }
            XCTAssertNotNil(running.wait { $0 == .running })

            let groupStates = Heard<EntryGroup.State>()
            let group = try connection.locked { try EntryGroup(on: connection) { groupStates.add($0) } }
            try connection.locked {
                XCTAssertTrue(group.isEmpty)
                try group.addService(name: "Küche", type: "_tessera._tcp", port: 8123, txt: ["txtvers=1", "id=kuche-1"])
                XCTAssertFalse(group.isEmpty)
                try group.commit()
            }
            XCTAssertNotNil(groupStates.wait { $0 == .established }, "\(groupStates.all)")

            let events = Heard<ServiceBrowser.Event>()
            let browser = try connection.locked { try ServiceBrowser(on: connection, type: "_tessera._tcp") { events.add($0) } }
            let new = try XCTUnwrap(events.wait { if case .new = $0 { return true } else { return false } })
            XCTAssertNotNil(events.wait { $0 == .allForNow })
            guard case .new(let service, let isLocal) = new else { return XCTFail("\(new)") }
            XCTAssertEqual(service.name, "Küche")
            XCTAssertTrue(isLocal)

            let results = Heard<Result<ResolvedService, AvahiError>>()
            let resolver = try connection.locked { try ServiceResolver(on: connection, service: service) { results.add($0) } }
            let resolved = try XCTUnwrap(results.wait { _ in true }).get()
            XCTAssertEqual(resolved.port, 8123)
            XCTAssertEqual(resolved.address, "127.0.0.1")
            XCTAssertFalse(resolved.isIPv6)
            XCTAssertTrue(resolved.hostName.hasSuffix(".local"), resolved.hostName)
            XCTAssertEqual(Set(resolved.txt.map { String(decoding: $0, as: UTF8.self) }), ["txtvers=1", "id=kuche-1"])

            // Withdrawn: the browser hears it go.
            try connection.locked { try group.reset() }
            XCTAssertNotNil(events.wait { if case .removed(let gone) = $0 { return gone.name == "Küche" } else { return false } })
            withExtendedLifetime((browser, resolver, group)) {}
            connection.stop()
        }
    }

    func testANameTakenIsACollisionAndAnotherNameIsOffered() throws {
        try alone(#function) {
            _ = try network()
            let first = try AvahiConnection(waitForDaemon: false), second = try AvahiConnection(waitForDaemon: false)
            let states = Heard<AvahiConnection.State>()
            try first.start { states.add($0) }
            try second.start { states.add($0) }
            XCTAssertTrue(states.waitUntil { $0.filter { $0 == .running }.count == 2 }, "\(states.all)")
            let established = Heard<EntryGroup.State>()
            let taken = try first.locked { try EntryGroup(on: first) { established.add($0) } }
            try first.locked {
                try taken.addService(name: "Hall", type: "_tessera._tcp", port: 1, txt: [])
                try taken.commit()
            }
            XCTAssertNotNil(established.wait { $0 == .established })
            let again = try second.locked { try EntryGroup(on: second) { _ in } }
            XCTAssertThrowsError(try second.locked { try again.addService(name: "Hall", type: "_tessera._tcp", port: 2, txt: []) }) {
                XCTAssertTrue(($0 as? AvahiError)?.isCollision == true, "\($0)")
            }
            XCTAssertEqual(EntryGroup.alternativeName(to: "Hall"), "Hall #2")
            XCTAssertEqual(EntryGroup.alternativeName(to: "Hall #2"), "Hall #3")
            try second.locked { try again.addService(name: "Hall #2", type: "_tessera._tcp", port: 2, txt: []) }
            withExtendedLifetime((taken, again)) {}
            first.stop()
            second.stop()
        }
    }

    func testAnOwnerFreedWhileItsThreadRunsHearsNothingMore() throws {
        try alone(#function) {
            // The past crash's shape: objects let go from another thread while Avahi's thread delivers to them.
            _ = try network()
            let connection = try AvahiConnection(waitForDaemon: false)
            let states = Heard<AvahiConnection.State>()
            try connection.start { states.add($0) }
            XCTAssertNotNil(states.wait { $0 == .running })
            for round in 0..<50 {
                let group = try connection.locked { try EntryGroup(on: connection) { _ in } }
                try connection.locked {
                    try group.addService(name: "Churn \(round)", type: "_tessera._tcp", port: 3, txt: [])
                    try group.commit()
                }
                let browser = try connection.locked { try ServiceBrowser(on: connection, type: "_tessera._tcp") { _ in } }
                withExtendedLifetime((group, browser)) {}
            }
            connection.stop()
        }
    }
}
