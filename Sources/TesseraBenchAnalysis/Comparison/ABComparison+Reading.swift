import Foundation
import TesseraBenchKit

extension ABComparison {
    /// The comparison in `data`, written by `tessera-bench ab --report`, read from the file at `url` (which names it
    /// in errors); anything else is refused with the reason.
    package static func read(_ data: Data, at url: URL) throws(ReportError) -> ABComparison {
        try JSONFile.readVersioned(
            from: data, at: url, tool: toolName, readable: currentSchemaVersion, inconsistency: \.inconsistency)
    }

    /// What JSON's types let through but a comparison cannot hold: a date no export can write (`RecordedTime`), a
    /// median time a report could not hold, a ratio that is not a positive number, a row with another count of
    /// rounds than the comparison's, an interval that does not hold its median, a shape of no items. The rules a
    /// report's results keep (`BenchmarkReport.inconsistency`), in the same words.
    var inconsistency: String? {
        guard threshold.isFinite, threshold >= 0 else { return "threshold is \(threshold)" }
        if let date = environment?.date, let problem = BenchmarkReport.dateInconsistency(date) { return problem }
        var names = Set<String>()
        var exportedNames = Set<BenchmarkName>()
        for (index, row) in rows.enumerated() {
            if row.elements < 0 { return "rows[\(index)].elements is \(row.elements); a count is not negative" }
            if let shape = row.itemsPerSection, shape < 1 {
                return "rows[\(index)].itemsPerSection is \(shape); a section shape holds at least one item"
            }
            if let time = [row.baseMedianNanoseconds, row.headMedianNanoseconds].first(where: {
                !BenchmarkReport.isTime($0)
            }) {
                return "rows[\(index)] has a median of \(time) ns; \(BenchmarkReport.timeRule)"
            }
            if row.ratios.count != rounds {
                return "rows[\(index)] holds \(row.ratios.count) ratios for \(rounds) rounds"
            }
            if row.ratios.contains(where: { !($0 > 0 && $0.isFinite) }) {
                return "rows[\(index)] holds a ratio that is not a positive number"
            }
            if let interval = row.interval,
                !(interval.lower > 0 && interval.lower <= interval.median && interval.median <= interval.upper
                    && interval.upper.isFinite)
            {
                return "rows[\(index)]'s interval [\(interval.lower), \(interval.upper)] does not hold its median"
            }
            if let confirmation = row.confirmation, confirmation.ratios.contains(where: { !($0 > 0 && $0.isFinite) }) {
                return "rows[\(index)]'s confirmation holds a ratio that is not a positive number"
            }
            if !names.insert(row.name).inserted { return "rows[\(index)] compares \(row.name) again" }
            if let problem = BenchmarkName(row).inconsistency(at: "rows[\(index)]", among: &exportedNames) {
                return problem
            }
        }
        return nil
    }
}
