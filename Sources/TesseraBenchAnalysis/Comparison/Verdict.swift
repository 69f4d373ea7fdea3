/// What comparing BASE with HEAD concludes for one result. Each comparison says what makes a verdict: `ab` by where
/// the interval of the rounds' median ratio lies, `compare` by the change of the median and its significance.
package enum Verdict: String, Codable, CaseIterable, Comparable, Sendable {
    /// Slower beyond the threshold, and shown to be.
    case regression
    /// Faster beyond the threshold, and shown to be.
    case improvement
    /// Neither shown nor ruled out: the noise could explain it, or more rounds could tell.
    case inconclusive
    /// Within the threshold.
    case unchanged

    /// In the order tables list them.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
