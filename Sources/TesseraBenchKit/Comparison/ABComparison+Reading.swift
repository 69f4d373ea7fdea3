import Foundation

extension ABComparison {
    /// The comparison in `data`, written by `tessera-bench ab --report`, read from the file at `url` (which names it
    /// in errors); anything else is refused with the reason.
    public static func read(_ data: Data, at url: URL) throws(ReportError) -> ABComparison {
        try JSONFile.readVersioned(
            from: data, at: url, tool: toolName, readable: currentSchemaVersion, inconsistency: \.inconsistency)
    }

    /// What JSON's types let through but a comparison cannot hold: a ratio that is not a positive number, a row
    /// with another count of rounds than the comparison's, an interval that does not hold its median.
    var inconsistency: String? {
        guard threshold.isFinite, threshold >= 0 else { return "threshold is \(threshold)" }
        var names = Set<String>()
        for (index, row) in rows.enumerated() {
            if row.elements < 0 { return "rows[\(index)].elements is \(row.elements); a count is not negative" }
            if row.ratios.count != rounds {
                return "rows[\(index)] holds \(row.ratios.count) ratios for \(rounds) rounds"
            }
            if row.ratios.contains(where: { !($0 > 0 && $0.isFinite) }) {
                return "rows[\(index)] holds a ratio that is not a positive number"
            }
            if let interval = row.interval, !(interval.lower <= interval.median && interval.median <= interval.upper) {
                return "rows[\(index)]'s interval [\(interval.lower), \(interval.upper)] does not hold its median"
            }
            if let confirmation = row.confirmation, confirmation.ratios.contains(where: { !($0 > 0 && $0.isFinite) }) {
                return "rows[\(index)]'s confirmation holds a ratio that is not a positive number"
            }
            if !names.insert(row.name).inserted { return "rows[\(index)] compares \(row.name) again" }
        }
        return nil
    }
}
