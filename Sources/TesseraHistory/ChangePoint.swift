import Foundation

/// A change point as Apache Otava 0.8.0 reports it: the first index of the new regime plus the
/// Student t-test statistics of the segments on either side of it.
public struct ChangePoint: Sendable, Hashable {
    /// Index of the first element of the new regime (Otava's `index`; the row whose time it prints).
    public let index: Int
    /// Two-sided p-value of the pooled-variance Student t-test between the neighbouring segments.
    public let pValue: Double
    /// Mean of the segment that ends just before `index`.
    public let meanBefore: Double
    /// Mean of the segment that starts at `index`.
    public let meanAfter: Double
    /// Population (ddof = 0) standard deviation of the segment before; 0 for a single point.
    public let stdDevBefore: Double
    /// Population (ddof = 0) standard deviation of the segment after; 0 for a single point.
    public let stdDevAfter: Double

    /// Relative change of the mean in percent, `(meanAfter / meanBefore - 1) * 100`, 0 if `meanBefore == 0`.
    public var forwardChange: Double { meanBefore == 0 ? 0 : (meanAfter / meanBefore - 1) * 100 }

    /// Otava's `magnitude`: the larger absolute relative change, forwards or backwards (a fraction).
    public var magnitude: Double {
        let forward = meanBefore == 0 ? 0 : meanAfter / meanBefore - 1
        let backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1
        return max(abs(forward), abs(backward))
    }
}
