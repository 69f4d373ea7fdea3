import Histogram

/// The process's allocator statistics, when the allocator exposes them (jemalloc does, through `mallctl`).
public protocol AllocatorProbe: Sendable {
    /// The allocator's name for reports.
    var name: String { get }
    /// Bytes allocated and not yet freed, after refreshing the statistics.
    func allocatedBytes() -> Int
    /// Allocation requests served since the process started, if the allocator counts them.
    func allocationCount() -> Int?
}
