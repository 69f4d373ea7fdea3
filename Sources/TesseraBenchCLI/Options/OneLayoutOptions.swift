import ArgumentParser
import TesseraBenchKit

/// A command that lays out one layout at one item count: what `OneLayoutOptions` asks of it.
protocol OneLayoutCommand {
    /// The built-in workload's items when `--items` is not given (and no workload file fixes them).
    static var defaultItemCount: Int { get }
}

/// `--layout` and `--items`: the one layout `dump`, `query` and `tune` lay out and its item count, checked against
/// the workload (`WorkloadOptions`, which each command lists after its own options) by `check(_:)`.
struct OneLayoutOptions<Command: OneLayoutCommand>: ParsableArguments {
    @Option(help: "The layout.")
    var layout: LayoutID = .flow

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

    /// Refuses a workload of more than one shape, and a layout these options cannot make at the viewport either
    /// way up, before anything is read or run.
    func check(_ workload: WorkloadOptions) throws {
        try workload.requireOneShape()
        try workload.check([layout], viewports: WorkloadOptions.bothWaysUp(workload.viewport.size))
    }

    /// The items to lay out of `source`: a workload file's own count, `--items`, or the command's default.
    func itemCount(_ workload: WorkloadOptions, of source: WorkloadSource) throws -> Int {
        try workload.fileItemCount(asked: items?.count, of: source) ?? items?.count ?? Command.defaultItemCount
    }
}
