import Foundation
import TesseraBenchKit

/// What a report says, decided in one place: its facts, tables and sentences, as plain text and typed figures. The
/// terminal, Markdown, HTML and CSV renderers lay the same document out, each escaping it for its format, so no
/// renderer can show a section the others lack or word a figure differently.
package struct ReportDocument {
    package struct Fact: Hashable, Sendable {
        package var label: String
        package var value: String
    }

    /// The report the document says, whose results the HTML page also charts.
    package var report: BenchmarkReport
    package var title: String
    package var schemaVersion: Int
    package var environment: [Fact]
    package var settings: [Fact]
    /// Every result, one row each, with the layout in the first column.
    package var results: ReportTable
    /// The layouts with results at each of their shapes, in the order the run measured them.
    package var layouts: [ShapedLayout]
    /// A warning on results of so few samples that their p90 and p99 are their slowest sample; `nil` when none.
    package var fewSamples: String?
    /// A sentence on how the answers compared with brute force, and a line for each strategy that was not exact.
    package var verification: (summary: String, failures: [String])
    /// One line for each strategy not run because it would not fit in memory.
    package var skipped: [String]
    /// A sentence on the heap's peak against the memory guard's estimate, naming estimates off by over 25%; `nil`
    /// when the allocator measured no peak.
    package var memory: String?
    /// The median query's share of a frame of the trace replayed (120 Hz for the built-in trace), by layout and
    /// strategy; `nil` without queries.
    package var frameBudget: (caption: String, table: ReportTable)?
    /// Layout shift beside time (`ReportDocument+Shift.swift`); `nil` for a report without shift results.
    package var shifts: (caption: String, table: ReportTable)?
    /// Counts under callgrind (`ReportDocument+Counted.swift`), and the naive dictionary's cost over the engine's
    /// timed and counted when the report holds both; `nil` for a report that counted nothing.
    package var counted: (caption: String, table: ReportTable)?
    package var countedAgreement: (caption: String, table: ReportTable)?
    /// A sentence on the targets, and their table when any applies.
    package var targets: (summary: String, table: ReportTable?)
    /// Who is fastest for each layout and operation at its largest count, and by how much; `nil` when no
    /// operation had two strategies. Every format ends with it.
    package var standings: (caption: String, table: ReportTable)?
    /// Each result's place among the strategies of its layout, count and operation (`Standings.places`).
    package var places: [Standings.Place?]

    package init(_ report: BenchmarkReport) {
        self.report = report
        title = "\(BenchmarkReport.toolName) report"
        schemaVersion = report.schemaVersion
        environment = Self.environment(report.environment)
        settings = Self.settings(report.settings)
        let standings = Standings(report)
        places = standings.places
        results = Self.results(report.results, places: places, name: report.name(of:))
        layouts = report.results.shapedLayouts
        fewSamples = Self.fewSamples(report.results)
        verification = Self.verification(report)
        skipped = (report.skipped ?? []).map(\.description)
        memory = Self.memory(report.memory ?? [], resident: report.residentBytes)
        let rate = report.settings.queryFramesPerSecond
        frameBudget = Self.frameBudget(report.results, framesPerSecond: rate).map {
            let frame = FrameBudget.describe(
                framesPerSecond: rate, note: report.settings.framesPerSecond == nil ? nil : "the trace file's rate")
            return ("The share of \(frame) the median query takes.", $0)
        }
        shifts = Self.shifts(report.shifts ?? []).map { (Self.shiftCaption, $0) }
        counted = Self.counted(report).map { (Self.countedCaption, $0) }
        countedAgreement = Self.countedAgreement(report)
        targets = (Self.targetsSummary(report), report.targets.isEmpty ? nil : Self.targetTable(report.targets))
        self.standings = standings.summary.map {
            (
                "The fastest strategy of each layout and operation at its largest count, the runner-up, and the runner-up's time over the fastest's.",
                $0
            )
        }
    }

    /// The results of one layout at one shape, without the layout and shape columns.
    package func results(of layout: ShapedLayout) -> ReportTable {
        results.rows(where: 0, is: .text(layout.layout.rawValue))
            .rows(where: 1, is: layout.itemsPerSection.map(ReportTable.Figure.count) ?? .missing)
            .dropping(column: 1).dropping(column: 0)
    }

    /// The strategy the report's targets judge.
    static func judgedStrategy(_ report: BenchmarkReport) -> StrategyID {
        report.settings.targetStrategy ?? TargetCheck.defaultStrategy
    }

    static func environment(_ environment: RunEnvironment) -> [Fact] {
        [
            Fact(label: "Host", value: environment.host), Fact(label: "CPU", value: environment.cpuModel),
            Fact(label: "Cores", value: "\(environment.cores)"), Fact(label: "OS", value: environment.operatingSystem),
            Fact(label: "Swift", value: environment.swiftVersion),
            Fact(label: "Allocator", value: environment.allocator),
            Fact(label: "Commit", value: environment.gitCommit ?? "unknown"),
            Fact(label: "Date", value: environment.date),
        ]
    }

    static func settings(_ settings: RunSettings) -> [Fact] {
        var facts = [
            Fact(label: "Layouts", value: settings.layouts.map(\.rawValue).joined(separator: ", ")),
            Fact(
                label: "Strategies",
                value: settings.strategies.map { $0.map(\.rawValue).joined(separator: ", ") }
                    ?? "each layout's tutorial designs and the engine's"),
            // Semicolons, since the counts have commas of their own.
            Fact(label: "Item counts", value: settings.itemCounts.map { $0.formatted() }.joined(separator: "; ")),
            Fact(
                label: "Items a section",
                value: settings.itemsPerSection.map { $0.map { $0.formatted() }.joined(separator: "; ") }
                    ?? "as the workload line says"),
            Fact(
                label: "Viewport",
                value: "\(settings.viewportWidth.formatted()) × \(settings.viewportHeight.formatted())"),
            Fact(label: "Seed", value: "\(settings.seed)"), Fact(label: "Workload", value: settings.workload),
            Fact(
                label: "Trace",
                value: settings.trace.map { "file \($0)" } ?? "built-in (flings, jumps and a rotation at 120 Hz)"),
            Fact(label: "Trace frames", value: "\(settings.traceFrames)"),
            Fact(label: "Verified frames", value: "\(settings.verifiedFrames)"),
        ]
        // Only when given: a run at the standard parameters says nothing of them, as before.
        if let indexes = settings.indexes {
            facts.insert(Fact(label: "Indexes", value: indexes.joined(separator: ", ")), at: 2)
        }
        return facts
    }

    /// Every result, its strategy named by `name` (the report's, which marks the inexact).
    static func results(
        _ results: [BenchmarkResult], places: [Standings.Place?], name: (BenchmarkResult) -> String = \.label
    ) -> ReportTable {
        ReportTable(
            columns: [
                .init("layout", csv: "layout"), .init("a section", csv: "items_per_section", number: true),
                .init("strategy"), .init("strategy", csv: "strategy", shown: false),
                .init("elements", csv: "elements", number: true), .init("operation", csv: "operation"),
                .init("median", csv: "median_ns", number: true), .init("p90", csv: "p90_ns", number: true),
                .init("p99", csv: "p99_ns", number: true), .init("ns/element", csv: "ns_per_element", number: true),
                .init("bytes/element", csv: "bytes_per_element", number: true),
                .init("allocations/op", csv: "allocations_per_operation", number: true),
                .init("missed elements", csv: "missed_elements", number: true),
                .init("floor elements", csv: "floor_elements", number: true),
                .init("over floor", csv: "over_floor", number: true),
                .init("samples", csv: "samples", number: true),
                .init("parameters", csv: "parameters", shown: false),
                .init("allocator", csv: "allocator", shown: false),
                .init("rank", csv: "rank", number: true, shown: false),
                .init("times the fastest", csv: "times_fastest", number: true, shown: false),
            ],
            rows: zip(results, places).map { result, place in
                [
                    .text(result.layout.rawValue), result.itemsPerSection.map(ReportTable.Figure.count) ?? .missing,
                    .text(name(result)), .text(result.strategy.rawValue), .count(result.elements),
                    .text(result.operation.rawValue), .nanoseconds(result.medianNanoseconds),
                    .nanoseconds(result.p90Nanoseconds),
                    .nanoseconds(result.p99Nanoseconds), .decimal(result.nanosecondsPerElement),
                    .decimal(result.bytesPerElement),
                    .decimal(result.allocationsPerOperation),
                    result.missedElements.map(ReportTable.Figure.count) ?? .missing,
                    result.floorElements.map(Self.elements) ?? .missing, .decimal(result.overFloor),
                    .count(result.samples), .text(result.parameters ?? ""), .text(result.allocator ?? ""),
                    place.map { .count($0.rank) } ?? .missing, .decimal(place?.overFastest),
                ]
            }
        )
    }

    /// A count of elements, whole where it is (a floor's median may fall between two).
    static func elements(_ count: Double) -> ReportTable.Figure {
        Int(exactly: count).map(ReportTable.Figure.count) ?? .decimal(count)
    }

    /// The largest measured peak with its estimate, and every estimate more than 25% from its peak.
    static func memory(_ uses: [MemoryUse], resident: BenchmarkReport.ResidentUse?) -> String? {
        let measured = uses.compactMap { use in use.measuredBytes.map { (use: use, peak: $0) } }
        guard let largest = measured.max(by: { $0.peak < $1.peak }) else { return nil }
        let megabytes = { (bytes: Double) in "\((bytes / 1e6).formatted(.number.precision(.fractionLength(1)))) MB" }
        let name = { (use: MemoryUse) in
            "\(use.shapedLayout.name) · \(use.strategy.rawValue) at \(use.elements.formatted()) elements"
        }
        let judged = measured.filter { $0.use.elements >= MemoryEstimate.calibratedFromElements }
        let off = judged.filter { abs($0.use.estimatedBytes / Swift.max($0.peak, 1) - 1) > 0.25 }
        let sentence =
            "Memory: the heap peaked at \(megabytes(largest.peak)) over the run's start (\(name(largest.use))), "
            + "against an estimate of \(megabytes(largest.use.estimatedBytes)) made before it ran"
            + (resident.map {
                "; the process's resident peak was \(megabytes($0.peak)), \(megabytes($0.atStart)) of it held at the start"
            } ?? "")
        let unjudged =
            judged.count < measured.count
            ? " (estimates under \(MemoryEstimate.calibratedFromElements.formatted()) elements, where a run's fixed part outweighs its workload, are not judged)"
            : ""
        guard !off.isEmpty else {
            return sentence + (judged.isEmpty ? "" : "; every estimate was within 25% of its peak") + unjudged + "."
        }
        let listed = off.prefix(4).map {
            "\(name($0.use)) estimated \(megabytes($0.use.estimatedBytes)), measured \(megabytes($0.peak))"
        }
        return sentence + ". Warning: \(off.count) of \(judged.count) estimates were more than 25% off: "
            + listed.joined(separator: "; ") + (off.count > 4 ? " and \(off.count - 4) more" : "") + unjudged + "."
    }

    /// Under ten samples the p90 is the slowest sample, and under a hundred so is the p99.
    static func fewSamples(_ results: [BenchmarkResult]) -> String? {
        let few = results.filter { $0.samples < 10 }
        guard let least = few.map(\.samples).min() else { return nil }
        let names = Set(few.map { "\($0.layout.rawValue) · \($0.label)" }).sorted()
        return
            "Warning: \(few.count) of \(results.count) results have under 10 samples (as few as \(least)), so their p90 and p99 are "
            + "their slowest sample; their medians are what to read: \(names.prefix(6).joined(separator: ", "))\(names.count > 6 ? " and \(names.count - 6) more" : "")."
    }

    static func verification(_ report: BenchmarkReport) -> (summary: String, failures: [String]) {
        guard !report.verifications.isEmpty else { return ("No answers were checked against brute force.", []) }
        let failures = report.verifications.filter { !$0.isExact }.map { failure in
            let consequence = failure.strategy.isKnownInexact ? "timed as written, misses reported" : "not timed"
            return
                "\(failure.mismatchLine), \(failure.missedElements) elements missed, \(failure.extraElements) extra "
                + "(\(consequence))."
        }
        let checked = "Answers checked against brute force on \(report.settings.verifiedFrames) frames of each trace:"
        return failures.isEmpty
            ? ("\(checked) every strategy exact.", [])
            : ("\(checked) \(failures.count) of \(report.verifications.count) not exact:", failures)
    }

    static func frameBudget(_ results: [BenchmarkResult], framesPerSecond: Double) -> ReportTable? {
        let lines = FrameBudget.summarize(results, framesPerSecond: framesPerSecond)
        guard !lines.isEmpty else { return nil }
        return ReportTable(
            columns: [
                .init("layout"), .init("strategy"), .init("share of a frame, by elements"),
                .init("largest under 1%", number: true),
            ],
            rows: lines.map { line in
                let shares = line.shares.map { "\(Self.frameShare($0.share)) at \($0.elements.formatted())" }
                return [
                    .text(line.layout.name), .text(line.strategy.rawValue), .text(shares.joined(separator: ", ")),
                    line.largestNegligible.map(ReportTable.Figure.count) ?? .text("none"),
                ]
            }
        )
    }

    /// A share of a frame as a percentage while under one frame, and in frames from there ("38.4 frames", not
    /// "3837.7881%").
    static func frameShare(_ share: Double) -> String {
        share < 1 ? String(format: "%.4f%%", share * 100) : String(format: "%.1f frames", share)
    }

    static func targetsSummary(_ report: BenchmarkReport) -> String {
        let judged = "judged on \(judgedStrategy(report).rawValue)"
        guard !report.targets.isEmpty else {
            return "No target of docs/DESIGN.md §7 applies to these results (\(judged))."
        }
        let missed = report.targets.filter { !$0.passed }.count
        return
            "docs/DESIGN.md §7, \(judged), as ratios within this run: \(report.targets.count - missed) passed, \(missed) missed."
    }

    static func targetTable(_ targets: [TargetCheck]) -> ReportTable {
        ReportTable(
            columns: [
                .init("result"), .init("target"), .init("layout"), .init("elements", number: true),
                .init("measured", number: true), .init("wanted", number: true),
            ],
            rows: targets.map { check in
                [
                    .text(check.passed ? "pass" : "MISS"), .text(check.name), .text(check.shapedLayout.name),
                    .count(check.elements),
                    .decimal(check.measured),
                    .text("\(check.comparison.rawValue) \(TerminalTable.decimal(check.target))"),
                ]
            }
        )
    }
}
