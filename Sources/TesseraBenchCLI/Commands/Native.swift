import ArgumentParser
import Foundation
import Tessera
import TesseraBenchKit
import TesseraNative

struct Native: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Time the engine's queries against plain C implementations of the same searches, in one process or pooled over several.",
        discussion: """
            Candidates: the engine's soa-binary-search and interval-tree, a C port of soa-binary-search on the same \
            sections, and a cgranges-style implicit interval tree in C over the whole layout. Their answers are \
            checked equal on every rect of a batch first. Each round runs one batch of each candidate (one clock \
            read a batch), in random order, on a smooth scroll (8 points a query) and on random jumps; the per-round \
            ratios give each target's median and its 95% interval. With --processes, the comparison runs in that \
            many fresh processes one after another, and each target is judged on the median of their median \
            ratios, with its 95% interval over the processes: a process's own layout moves a ratio by 10% and \
            more, and every round of one process shares it. Exit 0 when measured (targets missed are marked MISS), \
            1 when answers differ or a process fails.
            """
    )

    /// The layouts without scroll effects: their answer is the search's alone, which the C computes too.
    static let comparable: [LayoutID] = [.flow, .waterfall, .mosaic]

    @Option(help: "Layouts to measure, comma-separated: flow, waterfall or mosaic (layouts without scroll effects).")
    var layouts = "flow,waterfall"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Items in the built-in workload. (default: 1000000, or a workload file's count)", valueName: "count"),
        transform: CountArgument.init(parsing:))
    var items: CountArgument?

    @Option(parsing: .unconditional, help: "Rounds; each times one batch of every candidate.")
    var rounds = 31

    @Option(parsing: .unconditional, help: "Queries a batch, timed between two clock reads.")
    var queries = 1_000

    @Option(help: "Traces to measure, comma-separated: scroll or jumps; one alone to profile it.")
    var traces = "scroll,jumps"

    @OptionGroup var workload: WorkloadOptions

    @OptionGroup var pool: ProcessesOptions

    func validate() throws {
        try workload.requireOneShape()
        // At most as many as tune's and ab's: a count past it would not end.
        guard (6...1_000).contains(rounds) else {
            throw ValidationError(
                "--rounds must be at least 6, for a 95% interval of the median ratio, and at most 1000")
        }
        guard (1...1_000_000).contains(queries) else {
            throw ValidationError("--queries must be at least 1 and at most 1000000 a batch")
        }
        try WorkloadOptions.requireItems(items.map { [$0.count] } ?? [])
        _ = try parseIDs(traces, option: "trace") as [NativeComparison.Trace]
        let layoutIDs = try parseIDs(layouts, option: "layout", valid: LayoutCatalog.all)
        for layout in layoutIDs where !Self.comparable.contains(layout) {
            throw ValidationError(
                "\(layout.rawValue) has scroll effects, which the C searches do not compute; measure \(Self.comparable.map(\.rawValue).joined(separator: ", "))"
            )
        }
        try workload.check(layoutIDs, viewports: WorkloadOptions.bothWaysUp(workload.viewport.size))
    }

    func run() throws {
        let comparison = NativeComparison(
            rounds: rounds, queriesPerBatch: queries, seed: workload.seed, traces: try parseIDs(traces, option: "trace")
        )
        try pool.runComparison(
            of: try parseIDs(layouts, option: "layout", valid: LayoutCatalog.all), items: items,
            defaultItems: 1_000_000, workload: workload,
            measuring: { layout, sections, parameters, viewport in
                do {
                    return try comparison.measure(
                        layout, sections: sections, parameters: parameters, viewport: viewport)
                } catch let failure as NativeComparison.Failure {
                    FileHandle.standardError.write(Data("error: \(failure)\n".utf8))
                    throw ExitCode(1)
                }
            },
            heading: { count in
                "time a query over \(rounds) rounds of \(queries) queries, \(count) items, viewport \(workload.viewport.size.width)x\(workload.viewport.size.height)"
            },
            render: { NativeComparison.render(timings: $0, ratios: $1, samples: $2) })
    }
}
