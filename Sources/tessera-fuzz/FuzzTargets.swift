import Foundation
import Tessera
import TesseraBenchAnalysis
import TesseraBenchCLI
import TesseraBenchKit
import TesseraHistory

// libFuzzer's entry points, built by scripts/fuzz with `--sanitize=fuzzer --sanitize=address -Xswiftc -DFUZZING`.
// One binary serves every reader of the tool's input: TESSERA_FUZZ_TARGET names the one to fuzz. Each input either
// reads or is refused with an error; a crash, a hang or a leak is a bug. What reads is then used as the tool would
// use it (a workload laid out and queried, a report rendered in every format, exported, added to a history and
// read back), so the fuzzer reaches past the parser; and what one reader accepted, the next must take.

/// The readers a fuzzer can target.
enum FuzzTarget: String, CaseIterable {
    case workload, report, updates, trace, rect, export, history

    static let current: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["TESSERA_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(
                Data("TESSERA_FUZZ_TARGET must be one of \(allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(64)
        }
        return target
    }()

    static let url = URL(fileURLWithPath: "/fuzz/input.json")

    func run(_ data: Data) {
        switch self {
        case .workload:
            guard let sections = try? WorkloadFile.read(data, path: Self.url.path) else { return }
            // Laid out and queried when small enough to be quick.
            guard sections.reduce(0, { $0 + $1.itemSizes.count }) <= 10_000 else { return }
            for layout in LayoutID.builtIn {
                try? LayoutParameters().make(
                    layout, sections: sections, LayoutAndQuery(rect: Rect(x: 0, y: 0, width: 390, height: 844)))
            }
        case .report:
            guard let report = try? BenchmarkReport.read(data, at: Self.url) else { return }
            let document = ReportDocument(report)
            _ = (
                TerminalTable.render(document), MarkdownReport.render(document), CSVReport.render(document),
                HTMLReport.render(document)
            )
            _ = ReportComparison(base: report, head: report, threshold: 0.05, alpha: 0.05).text()
        case .updates:
            guard let steps = try? UpdatesFile.parse(data, path: Self.url.path).steps else { return }
            // Applied, as `dump --updates` applies them, to two small sections.
            let sections = [
                LayoutSection(
                    itemSizes: .list([
                        Size(width: 10, height: 10), Size(width: 20, height: 20), Size(width: 30, height: 30),
                    ]), headerHeight: 40),
                LayoutSection(
                    itemSizes: .list([Size(width: 40, height: 40), Size(width: 50, height: 50)]), headerHeight: 40),
            ]
            guard let flow = try? FlowLayout(sections: sections) else { return }
            var layout = CollectionLayout(flow, index: SoABinarySearchIndex())
            guard (try? layout.prepare(viewport: Size(width: 390, height: 844))) != nil else { return }
            // As `dump` applies them (runs of item steps gathered into batches), and one step at a time up to the
            // first refused, as the gathering must leave them.
            var oneByOne = layout
            _ = try? UpdatesFile(steps: steps).apply(to: &layout)
            for step in steps {
                do {
                    switch step {
                    case .single(let update): try oneByOne.apply(update)
                    case .batch(let batch): try oneByOne.apply(batch)
                    }
                } catch { break }
            }
            precondition(
                layout.store.count == oneByOne.store.count
                    && (0..<layout.store.count).allSatisfy {
                        layout.store.frame(at: $0) == oneByOne.store.frame(at: $0)
                    },
                "the gathered steps left another layout than one step at a time")
        case .trace:
            _ = try? TraceFile.read(data, at: Self.url)
        case .export:
            // As `export REPORT --time T --commit C`: what the reader and `RecordedRun` accept, every format writes.
            guard let run = RecordedInput(data)?.run else { return }
            for format in ExportFormat.allCases {
                precondition((try? format.document([run])) != nil, "\(format.rawValue) refused a run the reader took")
            }
        case .history:
            guard let run = RecordedInput(data)?.run else { return }
            HistoryRoundTrip(run).check()
        case .rect:
            guard let rect = RectArgument(argument: String(decoding: data, as: UTF8.self))?.rect else { return }
            let sections = [
                LayoutSection(
                    itemSizes: .uniform(Size(width: 50, height: 50), count: 100), headerHeight: 20, footerHeight: 10)
            ]
            try? LayoutParameters().make(.stickyParallax, sections: sections, LayoutAndQuery(rect: rect))
        }
    }
}

/// A fuzzer's input for the exports and the history: the `--time` given (its first line, empty for none), then a
/// report of `run` or `ab`, read as `export` and `history add` read them.
struct RecordedInput {
    let run: RecordedRun

    /// `nil` where the command would refuse the input: a `--time` out of rule, a file that is no report, or one
    /// `RecordedRun` cannot record.
    init?(_ data: Data) {
        let newline = data.firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
        let timeText = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
        let time: Date?
        if timeText.isEmpty {
            time = nil
        } else {
            guard let parsed = try? RecordedTime.parse(timeText) else { return nil }
            time = parsed
        }
        let report = data[Swift.min(newline + 1, data.endIndex)...]
        guard let file = try? ReportFile.load(data: Data(report), at: FuzzTarget.url),
            let run = try? RecordedRun(file, commit: "fuzz", time: time)
        else { return nil }
        self.run = run
    }
}

/// A run added to a fresh history with a copy of itself at another time and a run of another shape, read back,
/// shown, searched for change points and exported, as `history add`, `show`, `detect` and `export` do. What `add`
/// took must read back whole, and every export of it must be written: an Otava series of runs that share nothing is
/// refused, never written with no figures.
struct HistoryRoundTrip {
    let run: RecordedRun

    init(_ run: RecordedRun) {
        self.run = run
    }

    /// A history file in memory's file system where there is one, so that a transaction's sync costs nothing.
    static let path =
        (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
        + "/tessera-fuzz-history-\(getpid()).sqlite"

    func check() {
        try? FileManager.default.removeItem(atPath: Self.path)
        defer { try? FileManager.default.removeItem(atPath: Self.path) }
        var earlier = run
        earlier.commit = "fuzz-earlier"
        earlier.time = Date(timeIntervalSince1970: 0)
        let otherShape = RecordedRun(
            kind: run.kind, commit: "other-shape", branch: nil, machine: run.machine,
            time: Date(timeIntervalSince1970: 1),
            workload: "another shape",
            metrics: [Metric(BenchmarkName("flow/soa-binary-search/query/7/7-per-section")!, .latency, value: 1)])
        do {
            let store = try HistoryStore(path: Self.path)
            try store.add([run, earlier])
            let pair = try store.series()
            let written = HistoryStore.runs(of: pair)
            precondition(
                written.count == 2 && written.allSatisfy { Set($0.metrics) == Set(run.metrics) },
                "the history read back other figures than it was given")
            for format in [ExportFormat.otava, .influx] {
                precondition((try? format.document(written)) != nil, "\(format.rawValue) refused the history's runs")
            }
            try store.add(otherShape)
            let series = try store.series()
            let runs = HistoryStore.runs(of: series)
            precondition(runs.count == 3, "the history read back \(runs.count) of its 3 runs")
            _ = try InfluxLineProtocol.document(runs)
            if let otava = try? OtavaSeries.document(runs) {
                let entries = try JSONSerialization.jsonObject(with: otava) as? [[String: Any]] ?? []
                precondition(
                    entries.allSatisfy { ($0["metrics"] as? [Any])?.isEmpty == false },
                    "Otava's series has a run with no figure")
            }
            _ = (HistoryTable.overview(series), HistoryTable.points(series))
            _ = HistoryChart.page(series, title: "fuzz")
            _ = SeriesChange.detect(in: series, windowLength: 4)
        } catch {
            preconditionFailure("the history refused a run the reader took: \(error)")
        }
    }
}

/// Prepares the layout on the engine and on brute force, queries `rect` on both, and stops if they differ.
struct LayoutAndQuery: LayoutVisitor {
    let rect: Rect

    func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws {
        let viewport = Size(width: 390, height: 844)
        var engine = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        var brute = CollectionLayout(algorithm, index: BruteForceIndex())
        try engine.prepare(viewport: viewport)
        try brute.prepare(viewport: viewport)
        var found = VisibleElements()
        var expected = VisibleElements()
        try engine.attributes(in: rect, into: &found)
        try brute.attributes(in: rect, into: &expected)
        precondition(
            found.count == expected.count,
            "the engine found \(found.count) elements in \(rect), brute force \(expected.count)")
    }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        FuzzTarget.current.run(Data(bytes: bytes, count: count))
        return 0
    }
#else
    @main
    enum NotUnderTheFuzzer {
        static func main() {
            FileHandle.standardError.write(
                Data("tessera-fuzz runs under libFuzzer: build and run it with scripts/fuzz\n".utf8))
            exit(64)
        }
    }
#endif
