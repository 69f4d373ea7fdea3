import TesseraBenchKit

/// Who is fastest: the results of each layout (at each shape), element count and operation ranked by median time. Every format
/// ends with the summary (the fastest and the runner-up of each layout and operation, and how much faster), and
/// CSV gives every result its rank and its time over the fastest's.
package struct Standings: Sendable {
    /// A result's place among the results of its layout, element count and operation.
    package struct Place: Hashable, Sendable {
        /// 1 for the fastest.
        package var rank: Int
        /// The result's median over the fastest's: 1 for the fastest.
        package var overFastest: Double
    }

    /// Per result, in the report's order: its place, or `nil` for the fill floor (each strategy's own bandwidth
    /// floor, not a contest) and for a result with no other to compare with.
    package let places: [Place?]
    private let report: BenchmarkReport
    /// The indices of each contest's results, fastest first.
    private let groups: [[Int]]

    package init(_ report: BenchmarkReport) {
        self.report = report
        groups = Self.groups(report.results)
        var places = [Place?](repeating: nil, count: report.results.count)
        for group in groups where group.count > 1 {
            let fastest = report.results[group[0]].medianNanoseconds
            for (rank, index) in group.enumerated() {
                places[index] = Place(
                    rank: rank + 1,
                    overFastest: report.results[index].medianNanoseconds / Swift.max(fastest, .leastNonzeroMagnitude))
            }
        }
        self.places = places
    }

    /// The fastest and the runner-up for each layout and operation at the layout's largest element count, with
    /// whether both answered exactly (and which did not); `nil` when no operation had two results.
    package var summary: ReportTable? {
        let largest = Dictionary(report.results.map { ($0.shapedLayout, $0.elements) }, uniquingKeysWith: Swift.max)
        let rows: [[ReportTable.Figure]] = groups.compactMap { group in
            guard group.count > 1 else { return nil }
            let (fastest, runnerUp) = (report.results[group[0]], report.results[group[1]])
            guard fastest.elements == largest[fastest.shapedLayout] else { return nil }
            let inexact = [fastest, runnerUp].filter { !report.isExact($0) }.map(\.label)
            return [
                .text(fastest.shapedLayout.name), .text(fastest.operation.rawValue), .count(fastest.elements),
                .text(fastest.label),
                .text(runnerUp.label),
                .text(
                    Self.times(
                        runnerUp.medianNanoseconds / Swift.max(fastest.medianNanoseconds, .leastNonzeroMagnitude))),
                .text(inexact.isEmpty ? "yes" : "no: \(inexact.joined(separator: ", "))"),
            ]
        }
        guard !rows.isEmpty else { return nil }
        return ReportTable(
            columns: [
                .init("layout"), .init("operation"), .init("elements", number: true), .init("fastest"),
                .init("runner-up"),
                .init("runner-up takes", number: true), .init("exact"),
            ],
            rows: rows
        )
    }

    /// "1.84×", "312×".
    static func times(_ ratio: Double) -> String {
        (ratio < 10
            ? String(format: "%.2f", ratio)
            : ratio < 100
                ? String(format: "%.1f", ratio)
                : Int(exactly: ratio.rounded())?.formatted() ?? String(format: "%.3g", ratio)) + "×"
    }

    /// The indices of the results of each layout, element count and operation but the fill floor, fastest first,
    /// the groups in the order their first results appear.
    private static func groups(_ results: [BenchmarkResult]) -> [[Int]] {
        struct Key: Hashable { var layout: ShapedLayout, elements: Int, operation: BenchmarkOperation }
        var order: [Key] = []
        var members: [Key: [Int]] = [:]
        for (index, result) in results.enumerated() where result.operation != .fillFloor {
            let key = Key(layout: result.shapedLayout, elements: result.elements, operation: result.operation)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(index)
        }
        return order.map { key in members[key]!.sorted { results[$0].medianNanoseconds < results[$1].medianNanoseconds }
        }
    }
}
