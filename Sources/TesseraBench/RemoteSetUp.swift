import Foundation
@_spi(Bench) import TesseraApp

/// `bench --remote`: the app's remote as a user would turn it on, in a folder of the run's own: a token file, a
/// configuration file (which the hostile stage must leave as it was), the server on a free port of 127.0.0.1, and
/// MQTT to the broker given.
enum RemoteSetUp {
    static func prepare(folder: String, bench: inout BenchOptions, options: inout AppOptions) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let token = "bench-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let tokenFile = folder + "/remote-token", config = folder + "/config"
        FileManager.default.createFile(atPath: tokenFile, contents: Data(token.utf8), attributes: [.posixPermissions: 0o600])
        FileManager.default.createFile(atPath: config, contents: Data("# the bench's\ninterval = 10\nmode = wall\n".utf8),
                                       attributes: [.posixPermissions: 0o600])
        options.remote = "127.0.0.1:0"
        options.remoteTokenFile = tokenFile
        options.configPath = config
        // The bench has no command-line parser: every value is refused, so nothing hostile can be written.
        options.checkSetting = { _, _ in "the benchmark writes no settings" }
        options.mqtt = bench.broker.map { "mqtt://\($0)" }
        // Its MQTT id, and so its command topic: tessera/bench/command (kept in the folder's frame-id, as a frame
        // keeps the one made at its first start).
        options.userName = "Bench"
        FileManager.default.createFile(atPath: folder + "/frame-id", contents: Data("bench\n".utf8))
        bench.remoteToken = token
        bench.remoteConfig = config
    }
}
