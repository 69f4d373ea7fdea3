import TesseraBenchKit

// Layout shift beside time: what a report says of its shift results, once for every renderer.
extension ReportDocument {
    /// The sentence over the shift table.
    static let shiftCaption =
        "Layout shift: the largest move of the anchor on screen over each scenario's steps, in points (0: none), "
        + "against a fresh layout of the changed data; the tutorials' designs adjust nothing, so their view keeps its "
        + "offset. In a waterfall, the photos already placed that changed column, over every scenario, and the "
        + "tallest column over the shortest at the end."

    /// One row for each layout, shape, strategy and count measured: each scenario's largest shift, and for a
    /// waterfall its column changes and balance. `nil` when the report has no shift results.
    static func shifts(_ shifts: [ShiftResult]) -> ReportTable? {
        guard !shifts.isEmpty else { return nil }
        let scenarios = ShiftScenario.allCases.filter { scenario in shifts.contains { $0.scenario == scenario } }
        let columns = shifts.contains { $0.columnChanges != nil }
        var rows: [[ReportTable.Figure]] = []
        var seen = Set<[String]>()
        for result in shifts {
            let group = [result.shapedLayout.name, result.label, "\(result.elements)"]
            guard seen.insert(group).inserted else { continue }
            let ofGroup = shifts.filter {
                $0.shapedLayout == result.shapedLayout && $0.label == result.label && $0.elements == result.elements
            }
            var row: [ReportTable.Figure] = [
                .text(result.layout.rawValue), result.itemsPerSection.map(ReportTable.Figure.count) ?? .missing,
                .text(result.label), .count(result.elements),
            ]
            row += scenarios.map { scenario in
                ofGroup.first { $0.scenario == scenario }.map { .decimal($0.largestPoints) } ?? .missing
            }
            if columns {
                let changes = ofGroup.compactMap(\.columnChanges)
                row.append(changes.isEmpty ? .missing : .count(changes.reduce(0, +)))
                row.append(.decimal(ofGroup.compactMap(\.columnBalance).max()))
            }
            rows.append(row)
        }
        return ReportTable(
            columns: [
                .init("layout"), .init("a section", number: true), .init("strategy"),
                .init("elements", number: true),
            ] + scenarios.map { ReportTable.Column($0.rawValue, number: true) }
                + (columns
                    ? [.init("column changes", number: true), .init("column balance", number: true)] : []),
            rows: rows)
    }
}
