/// The heap's highest point over consecutive windows of a run, above what the process held when the run began:
/// each window ends when the next begins, so together they cover the whole run, the shared set-up of a layout
/// (its workload, the brute-force oracle, the trace) falling in the window of its first strategy.
final class HeapPeak {
    private let probe: (any AllocatorProbe)?
    private let start: Int
    private var windowStart: Int

    init(probe: (any AllocatorProbe)?) {
        self.probe = probe
        start = probe?.allocatedBytes() ?? 0
        windowStart = start
        probe?.resetPeak()
    }

    /// The window's peak, in bytes above the run's start, or nil when the allocator does not track peaks; starts
    /// the next window.
    func endWindow() -> Int? {
        guard let probe, let growth = probe.peakGrowth() else { return nil }
        let peak = windowStart - start + growth
        windowStart = probe.allocatedBytes()
        probe.resetPeak()
        return peak
    }
}
