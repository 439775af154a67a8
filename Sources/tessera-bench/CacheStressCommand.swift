import ArgumentParser
import Foundation
import TesseraBench

/// For the crash-safety test: writes records to a cache store until killed.
struct CacheStress: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache-stress", abstract: "Write test records to a cache store, reporting each commit.",
        shouldDisplay: false)

    @Option var cacheDir: String
    @Option var count: Int = 100_000

    func run() throws {
        try StoreStress.run(directory: cacheDir, count: count) { line in
            print(line)
            fflush(stdout)
        }
    }
}
