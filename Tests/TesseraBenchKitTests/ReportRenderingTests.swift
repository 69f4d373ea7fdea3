import Foundation
import Testing

@testable import TesseraBenchAnalysis
@testable import TesseraBenchKit

@Suite struct ReportRenderingTests {
    static let itemCounts = [10_200, 102_000, 1_020_000]

    static func result(
        _ layout: LayoutID, _ strategy: StrategyID, _ items: Int, _ operation: BenchmarkOperation, median: Double
    ) -> BenchmarkResult {
        var result = BenchmarkResult(
            layout: layout, strategy: strategy, elements: items, operation: operation,
            samples: [median, median, median, median + median / 10, 2 * median], perElement: operation != .query
        )
        if operation == .prepareCold { result.bytesPerElement = strategy == .naiveDictionary ? 212.5 : 32 }
        if operation == .query {
            result.allocationsPerOperation = strategy == .naiveDictionary ? 3 : 0
            result.missedElements = strategy == .mosaicBinarySearch ? 12 : 0
        }
        if TargetCheck.flooredOperations.contains(operation) {
            result.floorElements = operation == .updateResize ? 2.5 : 40
            result.overFloor = 1.25
        }
        return result
    }

    /// Two layouts, three strategies each, three item counts, and the fill floor for the engine only.
    static func sampleReport(host: String = "bench-01") -> BenchmarkReport {
        let strategies: [LayoutID: [StrategyID]] = [
            .flow: [.naiveDictionary, .lineSectors, .soaBinarySearch],
            .mosaic: [.naiveDictionary, .mosaicBinarySearch, .soaBinarySearch],
        ]
        var results: [BenchmarkResult] = []
        for layout in [LayoutID.flow, .mosaic] {
            for strategy in strategies[layout]! {
                for items in itemCounts {
                    let scale = Double(items / 10_200)
                    let operations: [BenchmarkOperation] =
                        strategy == .soaBinarySearch
                        ? BenchmarkOperation.allCases : [.prepareCold, .prepareWarm, .query]
                    for operation in operations {
                        let median: Double =
                            switch (strategy, operation) {
                            case (.naiveDictionary, .query): 40_000 * scale
                            case (_, .query): 300 + scale
                            default: 5_000_000 * scale
                            }
                        results.append(result(layout, strategy, items, operation, median: median))
                    }
                }
            }
        }
        let environment = RunEnvironment(
            host: host, cpuModel: "Example CPU @ 2.20GHz", cores: 2, operatingSystem: "Linux 6.8", swiftVersion: "6.3",
            allocator: "jemalloc", gitCommit: "0123456789abcdef", date: "2025-01-02T03:04:05Z"
        )
        let settings = RunSettings(
            layouts: [.flow, .mosaic], strategies: nil, itemCounts: [10_000, 100_000, 1_000_000], viewportWidth: 390,
            viewportHeight: 844, seed: 7, workload: "built-in", traceFrames: 1_200, verifiedFrames: 64
        )
        let verifications = [
            Verification(
                layout: .flow, strategy: .soaBinarySearch, elements: 10_200, framesChecked: 64, mismatchedFrames: 0,
                missedElements: 0, extraElements: 0),
            Verification(
                layout: .mosaic, strategy: .mosaicBinarySearch, elements: 10_200, framesChecked: 64,
                mismatchedFrames: 5, missedElements: 12, extraElements: 0),
        ]
        let targets = [
            TargetCheck(
                "bytes per element", layout: ShapedLayout(.flow, itemsPerSection: nil), elements: 1_020_000,
                measured: 32, .atMost, 40),
            TargetCheck(
                "query speed-up over naive-dictionary", layout: ShapedLayout(.mosaic, itemsPerSection: nil),
                elements: 1_020_000, measured: 1_234.5, .atLeast, 100_000),
        ]
        let skipped = [
            SkippedRun(
                layout: .mosaic, strategy: .naiveDictionary, items: 100_000_000, estimatedBytes: 8.4e10,
                budgetBytes: 2e10)
        ]
        return BenchmarkReport(
            environment: environment, settings: settings, results: results, verifications: verifications,
            targets: targets, skipped: skipped
        )
    }

    static func emptyReport() -> BenchmarkReport {
        var report = sampleReport()
        report.results = []
        report.verifications = []
        report.targets = []
        return report
    }

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    // MARK: CSV

    @Test func csvHasAHeaderAndAMachineReadableRowPerResult() {
        let report = Self.sampleReport()
        let csv = CSVReport.render(report)
        #expect(csv.hasSuffix("\r\n"))
        let lines = csv.components(separatedBy: "\r\n").dropLast()
        #expect(
            lines.first
                == "layout,strategy,elements,operation,samples,median_ns,p90_ns,p99_ns,ns_per_element,bytes_per_element,allocations_per_operation,missed_elements,parameters,allocator,rank,times_fastest,items_per_section,floor_elements,over_floor,shift_steps,shift_largest_pt,shift_p99_pt,shift_score,column_changes,column_balance,instructions,estimated_cycles,l1_misses,ll_misses"
        )
        #expect(lines.count == report.results.count + 1)
        #expect(
            lines.allSatisfy {
                $0.split(separator: ",", omittingEmptySubsequences: false).count == CSVReport.columns.count
            })

        let query = report.results.first {
            $0.layout == .mosaic && $0.strategy == .mosaicBinarySearch && $0.operation == .query
        }!
        let cold = report.results.first {
            $0.layout == .flow && $0.strategy == .naiveDictionary && $0.operation == .prepareCold
        }!
        // Whole nanoseconds, no units; empty cells where a figure does not apply.
        #expect(
            lines.contains(
                "mosaic,mosaic-binary-search,10200,query,5,\(query.medianNanoseconds),\(query.p90Nanoseconds),\(query.p99Nanoseconds),,,0.0,12,,,1,1.0,,,,,,,,,,,,,"
            ), "no shape, no floor, no shift: empty last cells")
        #expect(
            lines.contains(
                "flow,naive-dictionary,10200,prepare-cold,5,\(cold.medianNanoseconds),\(cold.p90Nanoseconds),\(cold.p99Nanoseconds),\(cold.nanosecondsPerElement!),212.5,,,,,1,1.0,,,,,,,,,,,,,"
            ))
        // An update's floor and its time over the floor's, before the shift's columns.
        #expect(
            lines.contains {
                $0.hasPrefix("flow,soa-binary-search,1020000,update-resize,") && $0.hasSuffix(",,2.5,1.25,,,,,,,,,,")
            })
        #expect(
            lines.contains {
                $0.hasPrefix("flow,soa-binary-search,1020000,update-batch,") && $0.hasSuffix(",,40,1.25,,,,,,,,,,")
            }
        )
    }

    @Test func csvQuotesFieldsWithCommasQuotesAndLineBreaks() {
        #expect(CSVReport.field("flow") == "flow")
        #expect(CSVReport.field("a,b") == "\"a,b\"")
        #expect(CSVReport.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVReport.field("two\nlines") == "\"two\nlines\"")
        #expect(
            ReportTable.Figure.decimal(nil).raw == "" && ReportTable.Figure.decimal(.nan).raw == ""
                && ReportTable.Figure.decimal(2.5).raw == "2.5")
    }

    // MARK: Markdown

    @Test func markdownShowsEveryResultTheVerificationAndTheTargets() {
        let report = Self.sampleReport()
        let markdown = MarkdownReport.render(report)
        for result in report.results {
            // The inexact strategy is marked so where it is named.
            let name =
                result.strategy == .mosaicBinarySearch ? "mosaic-binary-search (inexact)" : result.strategy.rawValue
            let row =
                "| \(name) | \(result.elements.formatted()) | \(result.operation.rawValue) | \(TerminalTable.duration(result.medianNanoseconds)) |"
            #expect(markdown.contains(row))
        }
        #expect(markdown.contains("### flow\n") && markdown.contains("### mosaic\n"))
        #expect(markdown.contains("| floor elements | over floor |"))
        #expect(markdown.contains("| self-sizing-scroll |") && markdown.contains("| 40 | 1.25 |"))
        #expect(markdown.contains("- **Host:** bench-01\n") && markdown.contains("- **Commit:** 0123456789abcdef\n"))
        #expect(
            markdown.contains(
                "mosaic · mosaic-binary-search at 10,200 elements: 5 of 64 frames differ, 12 elements missed"))
        #expect(markdown.contains("| pass | bytes per element | flow | 1,020,000 | 32.0 | ≤ 40.0 |"))
        #expect(
            markdown.contains(
                "| MISS | query speed-up over naive-dictionary | mosaic | 1,020,000 | 1,235 | ≥ 100,000 |"))
    }

    @Test func markdownEscapesWhatWouldBreakATable() {
        let markdown = MarkdownReport.render(Self.sampleReport(host: "a|b_c\nd"))
        #expect(markdown.contains("- **Host:** a\\|b\\_c d\n"))
    }

    // MARK: HTML

    @Test func htmlIsSelfContainedWithAChartPerLayoutAndOperation() {
        let report = Self.sampleReport()
        let html = HTMLReport.render(report)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        for tag in ["svg", "figure", "table", "g", "dl", "main", "header"] {
            #expect(
                Self.occurrences(of: "<\(tag)>", in: html) + Self.occurrences(of: "<\(tag) ", in: html)
                    == Self.occurrences(of: "</\(tag)>", in: html), "\(tag)")
        }
        let pairs = Set(report.results.map { "\($0.layout.rawValue)-\($0.operation.rawValue)" })
        #expect(pairs.count == 2 * BenchmarkOperation.allCases.count)
        // A time chart per layout and operation, and beside each one that several strategies ran, a chart of their
        // times over the fastest's (prepare-cold, prepare-warm and query, on two layouts).
        let contested = Set(
            report.results.filter { $0.operation != .fillFloor }.map {
                "\($0.layout.rawValue)-\($0.operation.rawValue) \($0.strategy.rawValue)"
            }
        )
        .map { $0.split(separator: " ")[0] }
        let relative = Dictionary(grouping: contested, by: { $0 }).filter { $0.value.count > 1 }.keys
        #expect(relative.count == 6)
        #expect(Self.occurrences(of: "<svg ", in: html) == pairs.count + relative.count)
        for pair in pairs { #expect(html.contains("id=\"chart-\(pair)\"")) }
        for pair in relative { #expect(html.contains("id=\"relative-\(pair)\"")) }
        // The query charts carry a frame's budget; the fill floor says what it is.
        #expect(Self.occurrences(of: "a frame at 120 Hz</text>", in: html) == 2)
        #expect(Self.occurrences(of: "<figcaption>Each strategy's own floor", in: html) == 2)
        #expect(html.contains("mosaic-binary-search (inexact)</text>"), "the inexact strategy is marked in the legends")
        #expect(html.contains("<tr class=\"miss\"><td>MISS</td>"), "a missed target stands out")
        #expect(!html.localizedCaseInsensitiveContains("<script"))
        #expect(!html.contains("<link") && !html.contains("@import") && !html.contains("url("))
        let svgNamespace = "xmlns=\"http://www.w3.org/2000/svg\""
        #expect(Self.occurrences(of: "http", in: html) == Self.occurrences(of: svgNamespace, in: html))
        // The same tables as the Markdown report.
        #expect(html.contains("<td>MISS</td><td>query speed-up over naive-dictionary</td>"))
        let budgetRows = FrameBudget.summarize(report.results).count
        let standingsRows = ReportDocument(report).standings?.table.rows.count ?? 0
        #expect(
            Self.occurrences(of: "<tr>", in: html) + Self.occurrences(of: "<tr class=\"miss\">", in: html) == report
                .results.count + report.targets.count + budgetRows + standingsRows + 2 + 1 + 1 + 1)
    }

    /// A trace file recorded at 60 Hz gives each query a 16.67 ms frame, and every format says so.
    @Test func theFrameBudgetIsAFrameOfTheTraceReplayed() {
        var report = Self.sampleReport()
        let builtIn = FrameBudget.summarize(report.results)
        report.settings.framesPerSecond = 60
        let document = ReportDocument(report)
        let atSixty = FrameBudget.summarize(report.results, framesPerSecond: 60)
        #expect(builtIn.count == atSixty.count && !atSixty.isEmpty)
        for (fast, slow) in zip(builtIn, atSixty) {
            for (at120, at60) in zip(fast.shares, slow.shares) {
                #expect(abs(at60.share * 2 - at120.share) < 1e-12, "half the share of a frame twice as long")
            }
        }
        let soa = atSixty.first { $0.strategy == .soaBinarySearch }!
        let query = report.results.first { $0.strategy == .soaBinarySearch && $0.operation == .query }!
        #expect(soa.shares[0].share == query.medianNanoseconds / (1e9 / 60))
        #expect(
            document.frameBudget?.caption
                == "The share of a 60 Hz frame (16.67 ms, the trace file's rate) the median query takes.")
        #expect(TerminalTable.render(document).contains("a 60 Hz frame (16.67 ms, the trace file's rate)"))
        #expect(MarkdownReport.render(document).contains("a 60 Hz frame (16.67 ms, the trace file's rate)"))
        let html = HTMLReport.render(document)
        #expect(html.contains("a frame at 60 Hz</text>") && !html.contains("a frame at 120 Hz"))
        #expect(
            ReportDocument(Self.sampleReport()).frameBudget?.caption
                == "The share of a 120 Hz frame (8.33 ms) the median query takes.", "the built-in trace's, as before")
    }

    @Test func aFrameShareOverOneFrameIsCountedInFrames() {
        #expect(ReportDocument.frameShare(0.000_012_3) == "0.0012%")
        #expect(ReportDocument.frameShare(0.5) == "50.0000%")
        #expect(ReportDocument.frameShare(38.377_881) == "38.4 frames")
    }

    @Test func everyRendererShowsEverySectionOfTheDocument() {
        let document = ReportDocument(Self.sampleReport())
        let (markdown, html, terminal) = (
            MarkdownReport.render(document), HTMLReport.render(document), TerminalTable.render(document)
        )
        for section in ["Results", "Verification", "Skipped", "Frame budget", "Targets", "Fastest"] {
            #expect(markdown.contains("\n## \(section)\n"), "Markdown: \(section)")
            #expect(html.contains("<h2>\(section)</h2>"), "HTML: \(section)")
        }
        let skip = document.skipped[0]
        #expect(skip.contains("mosaic · naive-dictionary at 100,000,000 items skipped"))
        for text in [
            skip, document.verification.summary, document.verification.failures[0], document.frameBudget!.caption,
            document.targets.summary, document.standings!.caption,
        ] {
            #expect(terminal.contains(text), "terminal: \(text)")
            #expect(html.contains(HTMLReport.escape(text)), "HTML: \(text)")
            #expect(markdown.contains(MarkdownReport.escape(text)), "Markdown: \(text)")
        }
    }

    /// Every format ends by saying who wins each layout and operation at its largest count, by how much, and
    /// whether the answers were exact (issue 12: 364 rows and no winner named).
    @Test func everyRunEndsWithTheFastestOfEachLayoutAndOperation() throws {
        let report = Self.sampleReport()
        let document = ReportDocument(report)
        let standings = try #require(document.standings)
        let rows = standings.table.shown.rows
        // flow and mosaic each: prepare-cold, prepare-warm and query have three strategies; the rest the engine alone.
        #expect(rows.count == 6, "\(rows)")
        let query = try #require(rows.first { $0[0] == "flow" && $0[1] == "query" })
        // soa-binary-search 400 ns and line-sectors 400 ns tie at 300 + 100; the naive design takes 4,000,000 ns.
        #expect(query[2] == "1,020,000")
        #expect(Set([query[3], query[4]]) == ["soa-binary-search", "line-sectors"], "\(query)")
        #expect(query[5] == "1.00×" && query[6] == "yes", "\(query)")
        let mosaicPrepare = try #require(rows.first { $0[0] == "mosaic" && $0[1] == "prepare-cold" })
        #expect(mosaicPrepare[6].hasPrefix("no: "), "mosaic-binary-search is not exact on Mosaic: \(mosaicPrepare)")
        #expect(TerminalTable.render(document).hasSuffix(TerminalTable.align(standings.table)))
        #expect(MarkdownReport.render(document).hasSuffix(MarkdownReport.markdown(standings.table)))
        // CSV ranks every result but the fill floor; the fastest is 1 and 1.0 times itself.
        let csv = CSVReport.render(document).split(separator: "\r\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let (rank, times, operation) = (
            CSVReport.columns.firstIndex(of: "rank")!, CSVReport.columns.firstIndex(of: "times_fastest")!,
            CSVReport.columns.firstIndex(of: "operation")!
        )
        for row in csv.dropFirst() {
            if row[operation] == "fill-floor" { #expect(row[rank].isEmpty, "not a contest: \(row)") }
            if row[operation] == "query" { #expect(!row[rank].isEmpty, "\(row)") }
            if row[rank] == "1" { #expect(row[times] == "1.0") }
        }
        let naiveQuery = try #require(
            csv.first {
                $0[0] == "flow" && $0[1] == "naive-dictionary" && $0[2] == "1020000" && $0[operation] == "query"
            })
        let fastestQuery = try #require(
            csv.first { $0[0] == "flow" && $0[1] == "line-sectors" && $0[2] == "1020000" && $0[operation] == "query" })
        let median = CSVReport.columns.firstIndex(of: "median_ns")!
        #expect(
            naiveQuery[rank] == "3"
                && Double(naiveQuery[times])! == Double(naiveQuery[median])! / Double(fastestQuery[median])!,
            "\(naiveQuery)")
        #expect(
            Standings.times(1.844) == "1.84×" && Standings.times(31.25) == "31.2×"
                && Standings.times(10_000) == "10,000×")
    }

    /// Results of under ten samples (a naive design at 1M gets three) are named in a warning in every format.
    @Test func resultsOfFewSamplesAreWarnedOf() throws {
        var report = Self.sampleReport()
        #expect(
            ReportDocument(report).fewSamples?.hasPrefix(
                "Warning: \(report.results.count) of \(report.results.count) results") == true, "five samples each")
        for index in report.results.indices where report.results[index].strategy != .naiveDictionary {
            report.results[index] = BenchmarkResult(
                layout: report.results[index].layout, strategy: report.results[index].strategy,
                elements: report.results[index].elements,
                operation: report.results[index].operation, samples: Array(repeating: 100, count: 30)
            )
        }
        let document = ReportDocument(report)
        let warning = try #require(document.fewSamples)
        #expect(
            warning.hasPrefix("Warning: 18 of \(report.results.count) results have under 10 samples (as few as 5)"),
            "\(warning)")
        #expect(warning.contains("flow · naive-dictionary, mosaic · naive-dictionary."), "\(warning)")
        #expect(TerminalTable.render(document).contains(warning))
        #expect(MarkdownReport.render(document).contains(MarkdownReport.escape(warning)))
        #expect(HTMLReport.render(document).contains(HTMLReport.escape(warning)))
        report.results = report.results.filter { $0.strategy != .naiveDictionary }
        #expect(ReportDocument(report).fewSamples == nil)
    }

    @Test func htmlChartsHaveALineAndALegendEntryPerStrategy() {
        let report = Self.sampleReport()
        let chart = HTMLReport.chart(
            report.results.filter { $0.layout == .flow && $0.operation == .query },
            layout: ShapedLayout(.flow, itemsPerSection: nil), operation: .query
        ).svg()
        #expect(Self.occurrences(of: "<polyline ", in: chart) == 3)
        for strategy in ["naive-dictionary", "line-sectors", "soa-binary-search"] {
            #expect(chart.contains(">\(strategy)</text>"))
        }
        // 10,200 elements is close enough to 10k for the axis to start there.
        #expect(chart.contains(">10k</text>") && chart.contains(">100k</text>") && chart.contains(">1M</text>"))
        #expect(chart.contains(">1 µs</text>") && chart.contains(">10 µs</text>") && chart.contains(">1 ms</text>"))
        #expect(chart.contains(">elements (log scale)</text>") && chart.contains(">median time (log scale)</text>"))
    }

    @Test func aChartWithOneItemCountDrawsPointsWithoutLines() {
        let results = [StrategyID.naiveDictionary, .soaBinarySearch].map {
            Self.result(.waterfall, $0, 10_200, .query, median: 800)
        }
        let chart = HTMLReport.chart(results, layout: ShapedLayout(.waterfall, itemsPerSection: nil), operation: .query)
            .svg()
        #expect(!chart.contains("<polyline"))
        // A marker on the plot and another in the legend for each strategy.
        #expect(Self.occurrences(of: "<circle ", in: chart) + Self.occurrences(of: "<polygon ", in: chart) == 4)
    }

    @Test func htmlEscapesText() {
        let html = HTMLReport.render(Self.sampleReport(host: "<b>\"x\" & 'y'</b>"))
        #expect(html.contains("&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;"))
        #expect(!html.contains("<b>"))
    }

    @Test func everyStrategyHasItsOwnColourDashAndMarker() {
        let styles = StrategyID.allCases.indices.map { LogLogChart.styles[$0 % LogLogChart.styles.count] }
        #expect(Set(styles.map(\.colour)).count == styles.count)
        #expect(Set(styles.map { $0.dash ?? "solid" }).count == styles.count)
        #expect(Set(styles.map { "\($0.marker)" }).count == styles.count)
    }

    // MARK: Scales and labels

    @Test(arguments: [
        [10_200.0, 102_000, 1_020_000], [300, 40_000_000], [350], [1], [2_000, 5_000], [1, 1e11], [0.5, 0.9],
        [999, 1_001],
    ])
    func logScaleTicksAreMonotoneAndCoverTheValues(values: [Double]) {
        let scale = LogScale(covering: values)
        let ticks = scale.ticks
        #expect(ticks.count >= 2)
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0 < $1 })
        let fractions = ticks.map(scale.fraction)
        #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 < $1 })
        #expect((fractions + values.map(scale.fraction)).allSatisfy { (-1e-9...1 + 1e-9).contains($0) })
        let minor = scale.minorTicks
        #expect(zip(minor, minor.dropFirst()).allSatisfy { $0 < $1 } && Set(minor).isDisjoint(with: ticks))
        #expect(minor.map(scale.fraction).allSatisfy { (-1e-9...1 + 1e-9).contains($0) })
        // Whole quantities never get an axis below 1.
        if values.allSatisfy({ $0 >= 1 }) { #expect(ticks.allSatisfy { $0 >= 1 }) }
    }

    @Test func tickLabelsAreRound() {
        #expect(
            [1, 100, 1e3, 2e4, 1e6, 5e8, 1e9].map(HTMLReport.roundDuration) == [
                "1 ns", "100 ns", "1 µs", "20 µs", "1 ms", "500 ms", "1 s",
            ])
        #expect([10, 500, 1e4, 2e5, 1e6, 1e7].map(HTMLReport.count) == ["10", "500", "10k", "200k", "1M", "10M"])
    }

    // MARK: Empty reports

    @Test func aReportWithoutResultsStillRenders() {
        let report = Self.emptyReport()
        #expect(CSVReport.render(report) == CSVReport.columns.joined(separator: ",") + "\r\n")
        let markdown = MarkdownReport.render(report)
        #expect(markdown.contains("No results.") && markdown.contains("No answers were checked"))
        let html = HTMLReport.render(report)
        #expect(!html.contains("<svg") && html.contains("No results.") && html.hasSuffix("</html>\n"))
    }

    /// A report may hold any finite number a reader accepts: figures past Int's range render in every format (the
    /// terminal table once trapped converting 6.7e45 allocations an operation, found by the report fuzzer).
    @Test func figuresPastIntsRangeRenderInEveryFormat() {
        var report = Self.sampleReport()
        for index in report.results.indices {
            report.results[index].allocationsPerOperation = 6.7e45
            report.results[index].bytesPerElement = 1e300
        }
        let document = ReportDocument(report)
        #expect(TerminalTable.render(document).contains("6.7e+45"))
        _ = (MarkdownReport.render(document), CSVReport.render(document), HTMLReport.render(document))
        #expect(Standings.times(1e300) == "1e+300×")
        #expect(HTMLReport.count(1e20) == "1e+20")
    }
}

@Suite struct SideBySideTests {
    @Test func variantsAreLabelledAndLeftOutOfTheTargets() {
        var glibc = BenchmarkResult(
            layout: .flow, strategy: .naiveDictionary, elements: 1_000_000, operation: .query, samples: [10])
        glibc.allocator = "glibc malloc"
        let standard = BenchmarkResult(
            layout: .flow, strategy: .naiveDictionary, elements: 1_000_000, operation: .query, samples: [20])
        #expect(glibc.label == "naive-dictionary [glibc malloc]")
        #expect(standard.label == "naive-dictionary")
        #expect(glibc.key != standard.key)
        let engine = BenchmarkResult(
            layout: .flow, strategy: .soaBinarySearch, elements: 1_000_000, operation: .query, samples: [1])
        let speedUp = TargetCheck.evaluate([glibc, standard, engine]).first {
            $0.name.hasPrefix("query speed-up over naive-dictionary")
        }
        #expect(speedUp?.measured == 20)
        #expect(
            CSVReport.render(
                BenchmarkReport(
                    environment: RunEnvironment(
                        host: "h", cpuModel: "c", cores: 1, operatingSystem: "o", swiftVersion: "6.3",
                        allocator: "jemalloc", gitCommit: nil, date: "d"),
                    settings: RunSettings(
                        layouts: [.flow], strategies: nil, itemCounts: [1], viewportWidth: 1, viewportHeight: 1,
                        seed: 1, workload: "w", traceFrames: 0, verifiedFrames: 1),
                    results: [glibc], verifications: [], targets: []
                )
            ).contains(",glibc malloc,,,,,,,,,,,,,,,\r\n"), "one result: no rank")
    }
}

extension ReportRenderingTests {
    /// The Memory line names estimates more than 25% from their peak, but only from the count the estimates are
    /// fitted at: a small run's fixed part outweighs its workload, and would be flagged every time.
    @Test func theMemoryLineJudgesEstimatesOnlyWhereTheyAreFitted() throws {
        func use(_ elements: Int, estimated: Double, measured: Double) -> MemoryUse {
            MemoryUse(
                layout: .flow, strategy: .soaBinarySearch, elements: elements, estimatedBytes: estimated,
                measuredBytes: measured)
        }
        let small = try #require(ReportDocument.memory([use(2_000, estimated: 2e6, measured: 1e6)], resident: nil))
        #expect(!small.contains("Warning"), "\(small)")
        #expect(small.contains("not judged"), "\(small)")
        let fitted = try #require(ReportDocument.memory([use(200_000, estimated: 36e6, measured: 30e6)], resident: nil))
        #expect(fitted.contains("every estimate was within 25%") && !fitted.contains("Warning"), "\(fitted)")
        let off = try #require(
            ReportDocument.memory(
                [use(200_000, estimated: 36e6, measured: 30e6), use(300_000, estimated: 40e6, measured: 60e6)],
                resident: nil))
        #expect(off.contains("Warning: 1 of 2 estimates were more than 25% off"), "\(off)")
        #expect(
            ReportDocument.memory(
                [
                    MemoryUse(
                        layout: .flow, strategy: .soaBinarySearch, elements: 1, estimatedBytes: 1, measuredBytes: nil)
                ], resident: nil) == nil)
    }
}

/// Layout shift in every format: the document's table, a CSV row a result, the exports' measures, and a report that
/// reads back and refuses what no run writes.
@Suite struct ShiftReportingTests {
    static func report() -> BenchmarkReport {
        var report = ReportRenderingTests.sampleReport()
        report.shifts = [
            ShiftResult(
                layout: .flow, itemsPerSection: nil, strategy: .soaBinarySearch, parameters: nil, elements: 10_200,
                scenario: .insertAbove, steps: 20, largestPoints: 0, p99Points: 0, score: 0, keepsAnchor: true),
            ShiftResult(
                layout: .flow, itemsPerSection: nil, strategy: .naiveDictionary, parameters: nil, elements: 10_200,
                scenario: .insertAbove, steps: 20, largestPoints: 143, p99Points: 120, score: 0.74, keepsAnchor: false),
        ]
        return report
    }

    @Test func everyFormatCarriesTheShift() throws {
        let report = Self.report()
        let document = ReportDocument(report)
        let table = try #require(document.shifts?.table)
        #expect(table.rows.count == 2)
        #expect(table.rows[1].map(\.shown).contains("143.0"))
        for page in [TerminalTable.render(document), MarkdownReport.render(document), HTMLReport.render(document)] {
            #expect(page.contains("Layout shift"), "\(page.prefix(200))")
        }
        let csv = CSVReport.render(report).components(separatedBy: "\r\n")
        #expect(
            csv.contains {
                $0.hasPrefix("flow,naive-dictionary,10200,shift-insert-above,")
                    && $0.hasSuffix(",20,143.0,120.0,0.74,,,,,,")
            })
        let metrics = report.metrics.filter { $0.benchmark.operation == "shift-insert-above" }
        #expect(Set(metrics.map(\.measure)) == [.shiftLargest, .shiftP99, .shiftScore])
        #expect(metrics.contains { $0.measure == .shiftLargest && $0.value == 143 })
        let data = try report.jsonData()
        let read = try BenchmarkReport.read(data, at: URL(fileURLWithPath: "r.json"))
        #expect(read.shifts == report.shifts)
    }

    @Test(arguments: [
        ("largestPoints", "-1"), ("largestPoints", "1e300"), ("p99Points", "200"), ("steps", "0"), ("elements", "0"),
    ])
    func aShiftNoRunWritesIsRefused(_ field: String, _ value: String) throws {
        var object = try JSONSerialization.jsonObject(with: Self.report().jsonData()) as! [String: Any]
        var shifts = object["shifts"] as! [[String: Any]]
        shifts[1][field] = Double(value)!
        object["shifts"] = shifts
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: ReportError.self) { try BenchmarkReport.read(data, at: URL(fileURLWithPath: "r.json")) }
    }

    @Test func compareGatesAShiftWhereBaseHadNone() {
        let base = Self.report().shifts!
        var head = base
        head[0].largestPoints = 12
        head[0].p99Points = 12
        let comparison = ShiftComparison(base: base, head: head)
        #expect(comparison.regressions.count == 1)
        #expect(comparison.text().contains("1 regressed"))
        // The tutorial's shift was there before: no regression, whatever it is now.
        head = base
        head[1].largestPoints = 300
        #expect(ShiftComparison(base: base, head: head).regressions.isEmpty)
    }
}
