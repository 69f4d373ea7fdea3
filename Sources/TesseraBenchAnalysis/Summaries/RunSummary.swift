import TesseraBenchKit

/// The page a person reads after a run, from one report or several (the default run and its shapes): the engine
/// against the tutorials' dictionary cache for each layout, its updates over their work floors, the targets missed, whether every answer matched brute
/// force, who is fastest, and the machine.
/// The full tables stay in the reports; `tessera-bench summary` prints this and writes it into the README.
package struct RunSummary {
    /// The machine and the toolchain, from the first report.
    package var machine: String
    /// The commit measured and the date, for the terminal: the README's block names the date alone (no commit
    /// hashes in the docs users read).
    package var build: String
    /// When the first report was made.
    package var date: String
    /// What each report measured: its layouts, counts, shapes and workload.
    package var runs: [String]
    /// For each layout and shape at its largest count: the engine's median and the naive dictionary's.
    package var headline: ReportTable
    /// How many targets passed and missed, over every report.
    package var targetsPassed: Int
    /// The targets missed, one line each.
    package var missed: [String]
    /// How many strategies' answers were checked against brute force (a check: one strategy on one layout at one
    /// count), over every report.
    package var checks: Int
    /// The checks whose answers differed from brute force, one line each.
    package var inexact: [String]
    /// For each layout and shape at its largest count: each of the engine's updates over its work floor, with the
    /// floor's elements; no rows when no report measured floors.
    package var floors: ReportTable
    /// The fastest strategy of each layout for the operations the headline shows, at its largest count.
    package var fastest: ReportTable
    /// For each layout and shape at its largest count: each scenario's largest layout shift, the engine's and the
    /// naive dictionary's; no rows when no report measured shift.
    package var shifts: ReportTable

    /// The strategies judged as the engine (each report's `--target-strategy`, soa-binary-search unless given), in
    /// the order the reports name them.
    package var engines: [StrategyID]

    /// The operations of the headline, as its columns name them.
    static let headlineOperations: [(BenchmarkOperation, String)] = [
        (.prepareCold, "cold prepare"), (.prepareWarm, "warm prepare"), (.query, "query (a frame)"),
        (.updateInsert, "one-item insert"),
    ]

    package init(_ reports: [BenchmarkReport]) {
        let environment = reports.first?.environment
        machine =
            environment.map { environment in
                "\(environment.cpuModel), \(environment.cores) cores, \(environment.operatingSystem), Swift \(environment.swiftVersion), "
                    // jemalloc names its version as `git describe` does ("5.3.0-0-g54eaed1…"): the hash is not for
                    // the README.
                    + environment.allocator.replacing(#/-[0-9]+-g[0-9a-f]{7,40}\b/#, with: "")
            } ?? ""
        build = environment.map { "commit \($0.gitCommit ?? "unknown"), \($0.date)" } ?? ""
        date = environment?.date ?? ""
        runs = reports.map(Self.describe)
        let targets = reports.flatMap(\.targets)
        targetsPassed = targets.filter(\.passed).count
        missed = targets.filter { !$0.passed }.map { check in
            "\(check.shapedLayout.name) at \(check.elements.formatted()) elements: \(check.name) "
                + "\(TerminalTable.decimal(check.measured)), wanted \(check.comparison.rawValue) \(TerminalTable.decimal(check.target))"
        }
        let verifications = reports.flatMap(\.verifications)
        checks = verifications.count
        inexact = verifications.filter { !$0.isExact }.map { check in
            check.mismatchLine
                + (check.strategy.isKnownInexact ? " (the tutorial's design as written; timed)" : " (not timed)")
        }
        var headlineRows: [[ReportTable.Figure]] = []
        var floorRows: [[ReportTable.Figure]] = []
        var fastestRows: [[ReportTable.Figure]] = []
        var shiftRows: [[ReportTable.Figure]] = []
        // The engine judged is each report's own (`--target-strategy`), and a layout two reports measured is one
        // row, each figure from the first report that has it: a later report's naive dictionary fills the brackets
        // of a report that ran the engine alone.
        engines = reports.map(ReportDocument.judgedStrategy).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        for row in Self.rows(of: reports) {
            let (name, layout, engine) = (row.name, row.layout, row.engine)
            let elements =
                row.reports.flatMap(\.results).filter { $0.shapedLayout == layout }.map(\.elements).max() ?? 0
            // In report order, so the first report's figure of a result wins.
            let atLargest = row.reports.flatMap(\.results).filter {
                $0.shapedLayout == layout && $0.elements == elements && $0.isStandard
            }
            func median(_ strategy: StrategyID, _ operation: BenchmarkOperation) -> Double? {
                atLargest.first { $0.strategy == strategy && $0.operation == operation }?.medianNanoseconds
            }
            func bytes(_ strategy: StrategyID) -> Double? {
                atLargest.first { $0.strategy == strategy && $0.bytesPerElement != nil }?.bytesPerElement
            }
            headlineRows.append(
                [.text(name), .count(elements)]
                    + Self.headlineOperations.map { operation, _ in
                        Self.pair(
                            median(engine, operation).map(TerminalTable.duration),
                            median(.naiveDictionary, operation).map(TerminalTable.duration))
                    }
                    + [
                        Self.pair(
                            bytes(engine).map(TerminalTable.decimal), bytes(.naiveDictionary).map(TerminalTable.decimal)
                        )
                    ]
            )
            let floored = TargetCheck.flooredOperations.map { operation in
                atLargest.first { $0.strategy == engine && $0.operation == operation }.flatMap(Self.overFloor)
            }
            if floored.contains(where: { $0 != nil }) {
                floorRows.append([.text(name), .count(elements)] + floored.map { $0 ?? .missing })
            }
            let shifts = row.reports.flatMap { $0.shifts ?? [] }.filter {
                $0.shapedLayout == layout && $0.parameters == nil
            }
            if let shiftElements = shifts.map(\.elements).max() {
                func largest(_ strategy: StrategyID, _ scenario: ShiftScenario) -> String? {
                    shifts.first {
                        $0.strategy == strategy && $0.scenario == scenario && $0.elements == shiftElements
                    }
                    .map { TerminalTable.decimal($0.largestPoints) }
                }
                // Each scenario's once, from the first report that ran it.
                var changes: [ShiftScenario: Int] = [:]
                for shift in shifts where shift.strategy == engine && shift.elements == shiftElements {
                    if changes[shift.scenario] == nil, let changed = shift.columnChanges {
                        changes[shift.scenario] = changed
                    }
                }
                shiftRows.append(
                    [.text(name), .count(shiftElements)]
                        + ShiftScenario.allCases.map { Self.pair(largest(engine, $0), largest(.naiveDictionary, $0)) }
                        + [changes.isEmpty ? .missing : .count(changes.values.reduce(0, +))])
            }
            fastestRows.append(
                [.text(name)]
                    + [BenchmarkOperation.prepareWarm, .query, .updateBatch].map { operation in
                        // A result two reports both timed counts once, the first's.
                        var timed: [String: BenchmarkResult] = [:]
                        for result in atLargest where result.operation == operation && timed[result.label] == nil {
                            timed[result.label] = result
                        }
                        return timed.values.min { $0.medianNanoseconds < $1.medianNanoseconds }.map { .text($0.label) }
                            ?? .missing
                    }
            )
        }
        headline = ReportTable(
            columns: [.init("layout"), .init("elements", number: true)]
                + Self.headlineOperations.map { ReportTable.Column($0.1, number: true) } + [
                    .init("bytes/element", number: true)
                ],
            rows: headlineRows
        )
        floors = ReportTable(
            columns: [.init("layout"), .init("elements", number: true)]
                + TargetCheck.flooredOperations.map { ReportTable.Column($0.rawValue, number: true) },
            rows: floorRows
        )
        fastest = ReportTable(
            columns: [.init("layout"), .init("warm prepare"), .init("query"), .init("update-batch")], rows: fastestRows
        )
        shifts = ReportTable(
            columns: [.init("layout"), .init("elements", number: true)]
                + ShiftScenario.allCases.map { ReportTable.Column($0.rawValue, number: true) }
                + [.init("column changes", number: true)],
            rows: shiftRows)
    }

    /// A row of the tables: a layout and shape, named (a waterfall of stable columns is another layout of the same
    /// data, named apart), with the reports that measured it, in their order, and the engine the first of them
    /// judges.
    struct Row {
        var name: String
        var layout: ShapedLayout
        var engine: StrategyID
        var reports: [BenchmarkReport]
    }

    /// The rows of `reports`, in the order their layouts first appear.
    static func rows(of reports: [BenchmarkReport]) -> [Row] {
        var rows: [Row] = []
        for report in reports {
            let stable = report.settings.workload.hasSuffix(LayoutParameters.stableColumnsNote)
            for layout in report.results.shapedLayouts {
                let name = layout.name + (stable && layout.layout == .waterfall ? " · stable columns" : "")
                if let index = rows.firstIndex(where: { $0.name == name }) {
                    rows[index].reports.append(report)
                } else {
                    rows.append(
                        Row(
                            name: name, layout: layout, engine: ReportDocument.judgedStrategy(report), reports: [report]
                        ))
                }
            }
        }
        return rows
    }

    /// "1.32 (3)": an update's time over its floor's, the floor's elements in brackets.
    static func overFloor(_ result: BenchmarkResult) -> ReportTable.Figure? {
        guard let over = result.overFloor else { return nil }
        let elements = result.floorElements.map { " (\(ReportDocument.elements($0).shown))" } ?? ""
        return .text(TerminalTable.decimal(over) + elements)
    }

    /// "7.7 ms (1.69 s)": the engine's figure, the naive dictionary's in brackets.
    static func pair(_ engine: String?, _ naive: String?) -> ReportTable.Figure {
        guard let engine else { return .missing }
        return .text(naive.map { "\(engine) (\($0))" } ?? engine)
    }

    static func describe(_ report: BenchmarkReport) -> String {
        let settings = report.settings
        let shapes =
            settings.itemsPerSection.map { " at \($0.map { $0.formatted() }.joined(separator: ", ")) items a section" }
            ?? ""
        return
            "\(settings.layouts.map(\.rawValue).joined(separator: ", ")): \(settings.itemCounts.map { $0.formatted() }.joined(separator: ", ")) items\(shapes); "
            + "\(settings.workload)"
    }

    /// The sentence over the headline table.
    var caption: String {
        "Medians at each layout's largest count: the engine (\(engines.map(\.rawValue).joined(separator: ", "))) and, "
            + "in brackets, the tutorials' dictionary cache (naive-dictionary)."
    }

    /// The sentence over the floors table.
    var floorsCaption: String {
        "Each update of the engine over its work floor (the elements it must write, priced at the same run's warm "
            + "prepare and 2 µs an update; target ≤ 1.5), the floor's elements in brackets: one-item updates' medians, "
            + "update-batch's median over its batches, the self-sizing scrolls' p99 over their frames that resize."
    }

    /// The sentence over the shift table.
    var shiftsCaption: String {
        "Layout shift at each layout's largest count: how far each scenario's changes moved what the user sees, the "
            + "largest of its steps in points, against a fresh layout of the changed data (0: none), the engine's and, "
            + "in brackets, the tutorials' dictionary cache's, which adjusts nothing; and a waterfall's photos that "
            + "changed column over every scenario."
    }

    var targetsLine: String {
        "Targets (docs/DESIGN.md §7, ratios within each run): \(targetsPassed) passed, \(missed.count) missed."
    }

    var checksLine: String {
        guard checks > 0 else { return "No answers were checked against brute force." }
        return "Answers checked against brute force: \(checks - inexact.count) of \(checks) checks exact "
            + "(a check: one strategy on one layout at one count)."
    }

    /// For a terminal.
    package func text() -> String {
        var text = "\(caption)\n" + TerminalTable.align(headline) + "\n"
        if !floors.rows.isEmpty { text += "\(floorsCaption)\n" + TerminalTable.align(floors) + "\n" }
        if !shifts.rows.isEmpty { text += "\(shiftsCaption)\n" + TerminalTable.align(shifts) + "\n" }
        text += "\(targetsLine)\n"
        text += missed.map { "  missed: \($0)\n" }.joined()
        text += "\(checksLine)\n" + inexact.map { "  differs: \($0)\n" }.joined()
        text += "\nFastest strategy at each layout's largest count:\n" + TerminalTable.align(fastest)
        text += "\nMeasured on \(machine); \(build).\n" + runs.map { "  \($0)\n" }.joined()
        return text
    }

    /// For the README's results block: the same, in Markdown, with the command that made the reports.
    package func markdown(command: String) -> String {
        var text = "\(MarkdownReport.escape(caption))\n\n" + MarkdownReport.markdown(headline)
        if !floors.rows.isEmpty {
            text += "\n\(MarkdownReport.escape(floorsCaption))\n\n" + MarkdownReport.markdown(floors)
        }
        if !shifts.rows.isEmpty {
            text += "\n\(MarkdownReport.escape(shiftsCaption))\n\n" + MarkdownReport.markdown(shifts)
        }
        text += "\n\(MarkdownReport.escape(targetsLine))"
        text += missed.isEmpty ? "\n" : " Missed:\n\n" + MarkdownReport.bullets(missed)
        text += "\n\(MarkdownReport.escape(checksLine))"
        text += inexact.isEmpty ? "\n" : " Differ:\n\n" + MarkdownReport.bullets(inexact)
        text += "\nFastest strategy at each layout's largest count:\n\n" + MarkdownReport.markdown(fastest)
        text +=
            "\nFrom `\(command)` on \(MarkdownReport.escape(machine)), \(date). Its runs:\n\n"
            + MarkdownReport.bullets(runs)
        return text
    }
}
