import ArgumentParser

@main
struct TesseraBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera-bench",
        abstract: "Times collection-view layout storage and queries at millions of items.",
        discussion: """
            Every strategy's answers are checked against a brute-force scan before they are timed. Speed targets \
            are judged as ratios within one run, so a busy machine slows every side alike.
            """,
        subcommands: [Run.self, Dump.self, Query.self, Compare.self, Tune.self],
        defaultSubcommand: Run.self
    )
}
