/// Why HEAD broke the benchmark, said one way by the timed and the counted comparison: the gated results BASE
/// measured and HEAD did not, named with HEAD's checks against brute force that found their strategy inexact.
enum BrokenGate {
    /// - Parameters:
    ///   - missing: The gated results HEAD lacks, named as rows are.
    ///   - measured: How BASE measured them: "measure … measured in every round", or "count … counted".
    ///   - inexact: HEAD's inexact checks (`Verification.mismatchLine`).
    ///   - runs: What a run does to an operation: "times" or "counts".
    static func description(
        _ missing: [String], measured: (verb: String, base: String), inexact: [String]?, runs: String
    ) -> String? {
        guard !missing.isEmpty else { return nil }
        var text =
            "HEAD did not \(measured.verb) \(missing.count == 1 ? "a gated result" : "\(missing.count) gated results") "
            + "that BASE \(measured.base): \(missing.joined(separator: ", "))"
        if let inexact, !inexact.isEmpty {
            text +=
                "; HEAD's answers differ from brute force (\(inexact.joined(separator: "; "))), and a run \(runs) no "
                + "query or update of an inexact strategy"
        }
        return text + ": the change breaks the benchmark"
    }
}
