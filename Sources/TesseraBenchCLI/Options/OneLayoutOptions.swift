import ArgumentParser
import TesseraBenchKit

/// `--layout` and `--items`: the one layout `dump`, `query`, `trace` and `tune` lay out and its item count, checked
/// against the workload (`WorkloadOptions`, which each command lists after its own options) by `check(_:)`.
struct OneLayoutOptions<Command: ItemCountCommand>: ParsableArguments {
    @Option(help: "The layout.")
    var layout: LayoutID = .flow

    @OptionGroup var count: ItemCountOption<Command>

    /// Refuses a workload of more than one shape, and a layout these options cannot make at the viewport either
    /// way up, before anything is read or run.
    func check(_ workload: WorkloadOptions) throws {
        try workload.requireOneShape()
        try workload.check([layout], viewports: WorkloadOptions.bothWaysUp(workload.viewport.size))
    }

    /// The items to lay out of `source`: a workload file's own count, `--items`, or the command's default.
    func itemCount(_ workload: WorkloadOptions, of source: WorkloadSource) throws -> Int {
        try count.itemCount(workload, of: source)
    }
}
