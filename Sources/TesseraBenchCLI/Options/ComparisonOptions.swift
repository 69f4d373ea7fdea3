import ArgumentParser

/// A command that times candidates against each other in interleaved rounds: what `ComparisonOptions` asks of it.
protocol ComparisonCommand: ItemCountCommand {
    /// The rounds when `--rounds` is not given.
    static var defaultRounds: Int { get }
}

/// `--items` and `--rounds`: the item count `floors` and `native` lay each layout out at, and the rounds of their
/// comparison, each round one batch of every candidate.
struct ComparisonOptions<Command: ComparisonCommand>: ParsableArguments {
    @OptionGroup var count: ItemCountOption<Command>

    @Option(parsing: .unconditional, help: "Rounds; each times one batch of every candidate.")
    var rounds = Command.defaultRounds

    func validate() throws {
        // At most as many as tune's and ab's: a count past it would not end.
        guard (6...1_000).contains(rounds) else {
            throw ValidationError(
                "--rounds must be at least 6, for a 95% interval of the median ratio, and at most 1000")
        }
    }
}
