import Foundation
import TesseraBenchKit

extension CountedComparison {
    /// The comparison in `data`, written by `tessera-bench ab --measure instructions --report`, read from the file
    /// at `url` (which names it in errors); anything else is refused with the reason.
    package static func read(_ data: Data, at url: URL) throws(ReportError) -> CountedComparison {
        try JSONFile.readVersioned(
            from: data, at: url, tool: toolName, readable: currentSchemaVersion, inconsistency: \.inconsistency)
    }

    /// What JSON's types let through but a comparison cannot hold: a date no export can write, no run, a count a
    /// report could not hold, a ratio or spread that is not a number of the right sign, a result twice. The rules
    /// a counted report keeps (`BenchmarkReport.inconsistency`), in the same words.
    var inconsistency: String? {
        guard threshold.isFinite, threshold >= 0 else { return "threshold is \(threshold)" }
        guard runs >= 1 else { return "runs is \(runs); each build is counted at least once" }
        if let date = environment?.date, let problem = BenchmarkReport.dateInconsistency(date) { return problem }
        var names = Set<String>()
        var exportedNames = Set<BenchmarkName>()
        for (index, row) in rows.enumerated() {
            let place = "rows[\(index)]"
            if row.elements < 1 { return "\(place).elements is \(row.elements); a result measures at least one" }
            if let shape = row.itemsPerSection, shape < 1 {
                return "\(place).itemsPerSection is \(shape); a section shape holds at least one item"
            }
            for (side, cost) in [("base", row.base), ("head", row.head)] {
                if let problem = cost.inconsistency(at: "\(place).\(side)") { return problem }
            }
            if ![row.ratio, row.instructionRatio].allSatisfy({ $0 >= 0 && $0.isFinite }) {
                return "\(place) holds a ratio that is not a number of 0 or more"
            }
            if !(row.spread >= 0 && row.spread <= 1) { return "\(place).spread is \(row.spread), not from 0 to 1" }
            if !names.insert(row.name).inserted { return "\(place) compares \(row.name) again" }
            let name = BenchmarkName(
                layout: row.key.layout, label: row.strategy, operation: row.operation, elements: row.elements)
            if let problem = name.inconsistency(at: place, among: &exportedNames) { return problem }
        }
        return nil
    }
}
