/// The heap's highest point over consecutive windows of a run, above what the process held when the run began:
/// each window ends when the next begins, and a layout's first window begins once the last layout is freed, so the
/// shared set-up of a layout (its workload, the brute-force oracle, the trace) falls in the window of its first
/// strategy, and nothing of the layout before it does.
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

    /// Starts a window without reading the last, which covered nothing measured.
    func startWindow() {
        guard let probe else { return }
        windowStart = probe.allocatedBytes()
        probe.resetPeak()
    }

    /// The window's peak, in bytes above the run's start, or nil when the allocator does not track peaks; starts
    /// the next window.
    func endWindow() -> Int? {
        guard let probe, let growth = probe.peakGrowth() else { return nil }
        let peak = windowStart - start + growth
        startWindow()
        return peak
    }
}
