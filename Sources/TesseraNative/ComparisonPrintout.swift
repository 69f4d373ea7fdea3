import TesseraBenchAnalysis
import TesseraBenchKit

/// How `native` and `floors` print a comparison: a table of the candidates' timings, then a line a ratio, its
/// leading cells (its verdict and what it is of) aligned as columns and its sentence after them.
enum ComparisonPrintout {
    /// One ratio's line: its leading cells, then `candidate` over `yardstick` with the rounds' median, its interval
    /// and the target (`limit`) where the ratio is one.
    struct RatioLine {
        var cells: [String]
        var candidate: String
        var yardstick: String
        var interval: MedianInterval?
        var limit: Double?

        /// "`candidate` / `yardstick`: the median ratio, its interval and the target".
        var sentence: String {
            let median = String(format: "%.2fx", interval?.median ?? .nan)
            let bounds = interval.map { String(format: " [%.2f, %.2f]", $0.lower, $0.upper) } ?? ""
            let target = limit.map { String(format: "  (target <= %g)", $0) } ?? ""
            return "\(candidate) / \(yardstick): \(median)\(bounds)\(target)"
        }
    }

    /// The `timings` rows as a table (the `rightAligned` columns hold numbers), then the `ratios`' lines under what
    /// their medians and intervals are over (`samples`); empty when there are no timings or no ratios.
    static func render(timings: [[String]], rightAligned: Set<Int>, ratios: [RatioLine], samples: String) -> String {
        guard !timings.isEmpty, !ratios.isEmpty else { return "" }
        let table = TerminalTable.align(timings, rightAligned: rightAligned)
        let columns = TerminalTable.align(ratios.map(\.cells), rightAligned: [])
        let lines = zip(columns.split(separator: "\n", omittingEmptySubsequences: false), ratios).map { column, ratio in
            "\(column)  \(ratio.sentence)\n"
        }.joined()
        return table + "\n\(samples): median [95% interval]\n" + lines
    }
}
