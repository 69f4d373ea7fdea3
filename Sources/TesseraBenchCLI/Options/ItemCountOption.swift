import ArgumentParser
import TesseraBenchKit

/// A command that lays out one item count: what `ItemCountOption` asks of it.
protocol ItemCountCommand {
    /// The built-in workload's items when `--items` is not given (and no workload file fixes them).
    static var defaultItemCount: Int { get }
}

/// `--items`: the one item count every command but `run` (which takes a list) lays out, with the command's own
/// default in its help.
struct ItemCountOption<Command: ItemCountCommand>: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Items in the built-in workload. (default: \(Command.defaultItemCount), or a workload file's count)",
            valueName: "count"),
        transform: CountArgument.init(parsing:))
    var items: CountArgument?

    func validate() throws {
        try WorkloadOptions.requireItems(items.map { [$0.count] } ?? [])
    }

    /// The items to lay out of `source`: a workload file's own count, `--items`, or the command's default.
    func itemCount(_ workload: WorkloadOptions, of source: WorkloadSource) throws -> Int {
        try workload.fileItemCount(asked: items?.count, of: source) ?? items?.count ?? Command.defaultItemCount
    }
}
