import Histogram

/// The process's allocator statistics, when the allocator exposes them (jemalloc does, through `mallctl`).
package protocol AllocatorProbe: Sendable {
    /// The allocator's name for reports.
    var name: String { get }
    /// Bytes allocated and not yet freed, after refreshing the statistics.
    func allocatedBytes() -> Int
    /// Allocation requests served since the process started, if the allocator counts them.
    func allocationCount() -> Int?
    /// Starts a new window for `peakGrowth`.
    func resetPeak()
    /// How far the bytes allocated and not yet freed rose, at their highest, above what they were at `resetPeak`,
    /// if the allocator tracks it.
    func peakGrowth() -> Int?
}

extension AllocatorProbe {
    package func resetPeak() {}
    package func peakGrowth() -> Int? { nil }
}
