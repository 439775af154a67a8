import ArgumentParser

struct Tessera: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "An infinite photo wall: a two-column masonry grid of photos from Lorem Picsum.",
        version: "0.1.0",
        subcommands: [Show.self, ServeFixture.self, Bench.self, CacheStress.self],
        defaultSubcommand: Show.self)
}

Tessera.main()
