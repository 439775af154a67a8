import ArgumentParser
import MediaDecode

// The benchmark starts media workers from its own executable, as the app does.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "media-worker" {
    MediaWorkerMain.run(arguments: CommandLine.arguments)
}

/// `tessera-bench`: what development needs beside the app, kept out of the binary that ships (SwiftNIO, the
/// hostile image samples, the benchmark driver). Without a subcommand it runs the benchmark.
struct TesseraBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera-bench",
        abstract: "Measure Tessera headless (JSON; see BENCHMARKS.md), serve its test fixture, stress its store.",
        subcommands: [Bench.self, ServeFixture.self, CacheStress.self, LibraryStress.self, OverlayProbe.self],
        defaultSubcommand: Bench.self)
}

TesseraBenchCommand.main()
