import ArgumentParser
import Foundation
import Tessera
import TesseraBenchKit
import TesseraNative

struct Native: ParsableCommand, ComparisonCommand {
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

    static let defaultItemCount = 1_000_000
    static let defaultRounds = 31

    /// The layouts without scroll effects: their answer is the search's alone, which the C computes too.
    static let comparable: [LayoutID] = [.flow, .waterfall, .mosaic]

    @Option(help: "Layouts to measure, comma-separated: flow, waterfall or mosaic (layouts without scroll effects).")
    var layouts = "flow,waterfall"

    @OptionGroup var comparison: ComparisonOptions<Native>

    @Option(parsing: .unconditional, help: "Queries a batch, timed between two clock reads.")
    var queries = 1_000

    @Option(help: "Traces to measure, comma-separated: scroll or jumps; one alone to profile it.")
    var traces = "scroll,jumps"

    @OptionGroup var workload: WorkloadOptions

    @OptionGroup var pool: ProcessesOptions

    func validate() throws {
        try workload.requireOneShape()
        guard (1...1_000_000).contains(queries) else {
            throw ValidationError("--queries must be at least 1 and at most 1000000 a batch")
        }
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
        let nativeComparison = NativeComparison(
            rounds: comparison.rounds, queriesPerBatch: queries, seed: workload.seed,
            traces: try parseIDs(traces, option: "trace")
        )
        try pool.runComparison(
            of: try parseIDs(layouts, option: "layout", valid: LayoutCatalog.all), items: comparison.count,
            workload: workload,
            measuring: { layout, sections, parameters, viewport in
                do {
                    return try nativeComparison.measure(
                        layout, sections: sections, parameters: parameters, viewport: viewport)
                } catch let failure as NativeComparison.Failure {
                    FileHandle.standardError.write(Data("error: \(failure)\n".utf8))
                    throw ExitCode(1)
                }
            },
            heading: { count in
                "time a query over \(comparison.rounds) rounds of \(queries) queries, \(count) items, viewport \(workload.viewport.size.width)x\(workload.viewport.size.height)"
            },
            render: { NativeComparison.render(timings: $0, ratios: $1, samples: $2) })
    }
}
