import ArgumentParser
import Tessera
import TesseraBenchKit
import TesseraNative

struct Floors: ParsableCommand, ComparisonCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time a warm prepare against the floors below it, in one process or pooled over several.",
        discussion: """
            Candidates, each after a bounds-size change as a warm prepare is, on soa-binary-search: the fill floor \
            (the run's: writing the bytes the layout holds), the store floor (the engine's prepare of the same \
            sections and element counts with frames from positions alone: the store's writes and the index's \
            build), the copy floor (the same, each cell's frame its listed size: it reads the input the layout \
            reads), the layout's arithmetic alone (its frames written into a ring that stays in cache), the warm \
            prepare, run's warm prepare (the same prepare exactly as `run` samples it: the strategy registry's \
            subject, over the layout made where `run` makes it), and on a vertical flow and the waterfall the C port \
            (the same prepare in plain C, its frames checked equal to the engine's bit for bit first). Each round \
            runs one batch of each in random order; the per-round ratios give medians and 95% intervals. The target \
            is marked pass or MISS: the warm prepare over the C port, at most 1.15, where there is one, and over the \
            fill floor, at most 1.5, where there is none, as `run` judges the other layouts. Run's warm prepare over \
            this command's says the two time the same thing; the rest say where the time above the floor goes. With \
            --processes, the comparison runs in that many fresh processes one after another, and each ratio is \
            judged on the median of their median ratios, with its 95% interval over the processes. Exit 0 when \
            measured, 1 when a process fails.
            """
    )

    static let defaultItemCount = 1_000_000
    static let defaultRounds = 21

    @Option(help: "Layouts to measure, comma-separated, or all.")
    var layouts = "all"

    @OptionGroup var comparison: ComparisonOptions<Floors>

    @OptionGroup var workload: WorkloadOptions

    @OptionGroup var pool: ProcessesOptions

    func validate() throws {
        try workload.requireOneShape()
        let layoutIDs = try parseIDs(layouts, option: "layout", valid: LayoutCatalog.all)
        try workload.check(layoutIDs, viewports: WorkloadOptions.bothWaysUp(workload.viewport.size))
    }

    func run() throws {
        try pool.runComparison(
            of: try parseIDs(layouts, option: "layout", valid: LayoutCatalog.all), items: comparison.count,
            workload: workload, measuring: PrepareFloors(rounds: comparison.rounds, seed: workload.seed).measure,
            heading: { count in
                "time a prepare over \(comparison.rounds) rounds, \(count) items, viewport \(workload.viewport.size.width)x\(workload.viewport.size.height), soa-binary-search"
            },
            render: { PrepareFloors.render(timings: $0, ratios: $1, samples: $2) })
    }
}
