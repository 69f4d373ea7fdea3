import Foundation

/// A change point as Apache Otava 0.8.0 reports it: the first index of the new regime plus the
/// Student t-test statistics of the segments on either side of it.
package struct ChangePoint: Sendable, Hashable {
    /// Index of the first element of the new regime (Otava's `index`; the row whose time it prints).
    package let index: Int
    /// Two-sided p-value of the pooled-variance Student t-test between the neighbouring segments.
    package let pValue: Double
    /// Mean of the segment that ends just before `index`.
    package let meanBefore: Double
    /// Mean of the segment that starts at `index`.
    package let meanAfter: Double
    /// Population (ddof = 0) standard deviation of the segment before; 0 for a single point.
    package let stdDevBefore: Double
    /// Population (ddof = 0) standard deviation of the segment after; 0 for a single point.
    package let stdDevAfter: Double

    /// Relative change of the mean in percent, `(meanAfter / meanBefore - 1) * 100`, 0 if `meanBefore == 0`.
    package var forwardChange: Double { meanBefore == 0 ? 0 : (meanAfter / meanBefore - 1) * 100 }

    /// Otava's `magnitude`: the larger absolute relative change, forwards or backwards (a fraction).
    package var magnitude: Double {
        let forward = meanBefore == 0 ? 0 : meanAfter / meanBefore - 1
        let backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1
        return max(abs(forward), abs(backward))
    }
}
