import ArgumentParser
import Foundation
import Tessera
import TesseraBenchAnalysis
import TesseraBenchKit

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time prepare and queries for every layout × strategy × item count (the default), at each shape.",
        discussion: """
            Operations: prepare-cold (a fresh layout), prepare-warm (again after a bounds-size change), query (one a \
            frame of a 120 Hz scroll trace of flings, jumps and a rotation), and fill-floor (writing the bytes the \
            layout holds, the bandwidth floor). Data changes: update-resize, update-insert and update-delete (one \
            item at the start of the first section; the engine and naive-dictionary, which stands for the tutorials' \
            full prepare), and for the engine update-batch (100 random updates of every kind), query-before-updates and \
            query-after-updates (the trace's frames before its rotation, on a fresh layout and on the one the batches \
            left), and self-sizing-scroll (the trace over cells laid out at 50 x 50 that report their real sizes when first \
            shown; one sample a frame). Memory and allocation counts come from jemalloc. With a list of \
            --items-per-section, each layout the built-in workload divides into sections runs at each shape.
            """
    )

    @Option(help: "Layouts to run, comma-separated, or all: \(LayoutCatalog.listing).")
    var layouts = "all"

    @Option(
        help:
            "Strategies to run on every layout, comma-separated, or all; default runs each layout's tutorial designs and the engine's."
    )
    var strategies = "default"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Run engine strategies at a parameter of their own, as `tune` recommends, comma-separated: \(IndexChoice.argumentForms).",
            valueName: "strategy:number"),
        transform: parseIndexChoices)
    var index: [IndexChoice]?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Item counts, comma-separated; k and M suffixes allowed. (default: 10k,100k,1M, or a workload file's count)",
            valueName: "counts"),
        transform: CountListArgument.init(parsing:))
    var items: CountListArgument?

    @Option(parsing: .unconditional, help: "Trace frames whose answers are checked against brute force before timing.")
    var verifyFrames = 32

    /// A fixed strategy, not the run's fastest, so identical runs give identical verdicts.
    @Option(
        help: ArgumentHelp(
            "The engine strategy (not a baseline) the architecture's targets judge; none are judged if it does not run.",
            valueName: "strategy"))
    var targetStrategy: StrategyID = TargetCheck.defaultStrategy

    @Option(
        help: ArgumentHelp(
            "Replay this recorded scroll instead of the built-in trace (format: `tessera-bench trace --help`); its first viewport is the run's.",
            valueName: "file.json"))
    var trace: String?

    @Option(
        help: ArgumentHelp("Write the report as JSON (versioned, for compare) to this file.", valueName: "file.json"))
    var report: String?

    @Option(help: ArgumentHelp("Write the report as Markdown to this file.", valueName: "file.md"))
    var markdown: String?

    @Option(help: ArgumentHelp("Write the results as CSV to this file.", valueName: "file.csv"))
    var csv: String?

    @Option(
        help: ArgumentHelp(
            "Write the report as one self-contained HTML page with log–log charts to this file.", valueName: "file.html"
        ))
    var html: String?

    @Flag(
        help:
            "Sample each operation briefly (5 samples and a twentieth of a second at least): enough for `ab`'s rounds, too few for one run to judge speed alone."
    )
    var quick = false

    @Flag(help: "No progress on standard error.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "What to measure: time; instructions (each operation counted a fixed number of times under callgrind: instructions, data accesses, simulated cache misses and estimated cycles, which barely move from run to run; this command runs again under valgrind, 20-50 times slower, and writes --report only); or time,instructions, one after the other, with the naive dictionary's cost over the engine's timed and counted side by side.",
            valueName: "time|instructions|time,instructions"))
    var measure = RunMeasure.time

    @Flag(
        help:
            "Also run the naive designs on glibc malloc (tessera-bench-system-malloc, built beside this binary), side by side with jemalloc, to show how much of their cost is the allocator."
    )
    var systemMalloc = false

    @OptionGroup var workload: WorkloadOptions

    mutating func validate() throws {
        _ = try layoutIDs
        _ = try strategySelection
        guard verifyFrames > 0 else { throw ValidationError("--verify-frames must be at least 1") }
        // The targets are the engine's; a tutorial design is what they are measured against.
        guard !targetStrategy.isBaseline else {
            let engine = StrategyID.engine.map(\.rawValue).joined(separator: ", ")
            throw ValidationError(
                "--target-strategy '\(targetStrategy.rawValue)' is a baseline, not an engine strategy; valid: \(engine)"
            )
        }
        try WorkloadOptions.requireItems(items?.counts ?? [])
        if workload.workload != nil, let items, items.counts.count > 1 {
            throw ValidationError("a workload file fixes the item count: drop --items or give one count")
        }
        try workload.requireDistinctWorkloads(at: items?.counts ?? Self.defaultItemCounts, of: try layoutIDs)
        try checkIndexes()
        _ = try outputFiles()
        let traceFile = try traceFile()
        try workload.check(try layoutIDs, viewports: Self.viewports(of: traceFile, else: workload.viewport.size))
        if systemMalloc { try SystemMallocRun.checkReady() }
        if measure.counts { try checkCounted() }
    }

    /// A counted run needs valgrind; every file format carries its counts.
    func checkCounted() throws {
        if measure == .instructions {
            if systemMalloc {
                throw ValidationError("--system-malloc compares times; drop it with --measure instructions")
            }
        }
        if !CountedRun.isCountedProcess { _ = try CountedRun.tools() }
    }

    /// Each `--index` a parameter its index takes, for a strategy the run measures, named once.
    func checkIndexes() throws {
        let choices = index ?? []
        let measured = try strategySelection ?? StrategyID.allCases
        for (position, choice) in choices.enumerated() {
            do { try choice.validate() } catch {
                throw ValidationError("--index \(choice.argument): \(error)")
            }
            guard measured.contains(choice.strategy) else {
                throw ValidationError(
                    "--index \(choice.argument): the run does not measure \(choice.strategy.rawValue); add it to --strategies"
                )
            }
            guard !choices[..<position].contains(where: { $0.strategy == choice.strategy }) else {
                throw ValidationError(
                    "--index names \(choice.strategy.rawValue) twice: a run measures one parameter of it")
            }
        }
    }

    /// The reports asked for, checked: none may be an input of the run or another's file.
    func outputFiles() throws -> OutputFiles {
        try OutputFiles(
            ["--report": report, "--markdown": markdown, "--csv": csv, "--html": html],
            inputs: [("--workload", workload.workload), ("--trace", trace)]
        )
    }

    /// The viewports a run lays out at: its first both ways up (a warm prepare turns it), and a trace file's every
    /// other one.
    static func viewports(of traceFile: TraceFile?, else viewport: Size) -> [Size] {
        guard let frames = traceFile?.frames, let first = frames.first else {
            return WorkloadOptions.bothWaysUp(viewport)
        }
        return frames.reduce(into: WorkloadOptions.bothWaysUp(first.viewport)) { viewports, frame in
            if !viewports.contains(frame.viewport) { viewports.append(frame.viewport) }
        }
    }

    /// The recorded trace, read (and refused when it is not one) before anything is measured.
    func traceFile() throws -> TraceFile? {
        try trace.map { path in
            try WorkloadOptions.holdingSomething { try TraceFile.load(from: URL(fileURLWithPath: path)) }
        }
    }

    var layoutIDs: [LayoutID] {
        get throws { try parseIDs(layouts, option: "layout", valid: LayoutCatalog.all) }
    }

    /// The counts asked for; by default 10k, 100k and 1M items, or `source`'s own count when it is a file.
    func itemCounts(of source: WorkloadSource) throws -> [Int] {
        if let count = try workload.fileItemCount(asked: items?.counts.first, of: source) { return [count] }
        return items?.counts ?? Self.defaultItemCounts
    }

    /// The built-in workload's counts when `--items` gives none.
    static let defaultItemCounts = [10_000, 100_000, 1_000_000]

    /// `nil` for the default: each layout's tutorial designs and the engine.
    var strategySelection: [StrategyID]? {
        get throws { strategies == "default" ? nil : try parseIDs(strategies, option: "strategy") }
    }

    func run() throws {
        if CountedRun.isCountedProcess { return try count() }
        let outputFiles = try outputFiles()
        var report = try measure.times ? timedRun() : countedRun()
        if measure.times, measure.counts { report.counted = try countedRun().counted }
        if measure.counts {
            if measure.times { print("") }
            print(CountedTable.render(report), terminator: "")
        }
        if measure.times, measure.counts { print("\n" + CountedAgreement(report).text(), terminator: "") }
        // Every format carries what was measured: the timed sections, the counted ones, or both.
        try outputFiles.write([
            "--report": { try report.jsonData() },
            "--markdown": { Data(MarkdownReport.render(ReportDocument(report)).utf8) },
            "--csv": { Data(CSVReport.render(ReportDocument(report)).utf8) },
            "--html": { Data(HTMLReport.render(ReportDocument(report)).utf8) },
        ])
        if !outputFiles.files.isEmpty { print("") }
        for file in outputFiles.files { print("Written to \(file.path)") }
    }

    /// The run timed in this process, its table printed.
    private func timedRun() throws -> BenchmarkReport {
        var report = try makeRunner().run()
        if systemMalloc { report = try SystemMallocRun.adding(to: report) }
        print(TerminalTable.render(ReportDocument(report)), terminator: "")
        return report
    }

    /// The run counted under callgrind, in the process this one starts.
    private func countedRun() throws -> BenchmarkReport {
        if !quiet {
            FileHandle.standardError.write(
                Data(
                    "Counting under callgrind: each operation a fixed number of times, 20-50 times slower than timing it.\n"
                        .utf8))
        }
        return try CountedRun.runUnderCallgrind()
    }

    /// The run in the process `CountedRun.runUnderCallgrind` started: every operation counted, and the report
    /// written where the process that started it reads it.
    private func count() throws {
        var runner = try makeRunner()
        runner.counter = try CountedRun.counter()
        let report = try runner.run()
        guard let file = CountedRun.reportFileOfThisProcess else { throw CountingError.notCounted }
        try report.write(to: file)
    }

    /// The runner of this command's workload, settings and budgets, its progress on standard error.
    private func makeRunner() throws -> BenchmarkRunner {
        let traceFile = try traceFile()
        let viewport = traceFile?.frames.first?.viewport ?? workload.viewport.size
        let layoutIDs = try layoutIDs
        // A workload file is read once, here.
        let source = try workload.source()
        let settings = RunSettings(
            layouts: layoutIDs, strategies: try strategySelection,
            itemCounts: try itemCounts(of: source), viewportWidth: viewport.width, viewportHeight: viewport.height,
            seed: workload.seed,
            workload: workload.description(of: layoutIDs), traceFrames: 0, verifiedFrames: verifyFrames,
            targetStrategy: targetStrategy,
            trace: traceFile.map { "\($0.name), \($0.framesPerSecond.formatted()) frames a second" },
            framesPerSecond: traceFile?.framesPerSecond,
            itemsPerSection: workload.workload == nil ? workload.sectionShapes : nil, indexes: index
        )
        var runner = BenchmarkRunner(settings: settings, workload: source, parameters: workload.parameters)
        runner.traceFile = traceFile
        runner.probe = TesseraBench.allocatorProbe
        if quick {
            runner.prepareBudget = .quick
            runner.queryBudget = .quick
        }
        let standardError = { (line: String) in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
        // Terminal or not: a CI log or `2> file` shows how far the run is.
        if !quiet { runner.progress = standardError }
        runner.notice = standardError
        return runner
    }
}
