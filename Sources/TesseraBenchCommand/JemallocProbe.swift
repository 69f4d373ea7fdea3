import CJemalloc
import TesseraBenchKit

/// Reads jemalloc's statistics through `mallctl`. The executable links jemalloc, so every allocation of the
/// process, Swift runtime's included, goes through it.
struct JemallocProbe: AllocatorProbe {
    var name: String { "jemalloc \(version)" }

    /// jemalloc's statistics are refreshed only when the `epoch` is advanced, and a thread cache's request counts
    /// reach them only when the cache is flushed: requests served from the cache are otherwise not counted at all.
    private func refresh() {
        _ = mallctl(cName("thread.tcache.flush"), nil, nil, nil, 0)
        var current: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        var next: UInt64 = 1
        _ = mallctl(cName("epoch"), &current, &size, &next, MemoryLayout<UInt64>.size)
    }

    func allocatedBytes() -> Int {
        refresh()
        return read("stats.allocated")
    }

    /// Small and large requests over every arena (`MALLCTL_ARENAS_ALL` is 4096), thread caches included.
    func allocationCount() -> Int? {
        refresh()
        return read("stats.arenas.4096.small.nrequests") + read("stats.arenas.4096.large.nrequests")
    }

    /// jemalloc 5.3 follows the calling thread's allocated-minus-freed bytes and their highest value since the
    /// last reset (`thread.peak`, to within about 100 kB). The run measures on one thread, so that is the process's.
    func resetPeak() {
        _ = mallctl(cName("thread.peak.reset"), nil, nil, nil, 0)
    }

    func peakGrowth() -> Int? {
        var value: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        guard mallctl(cName("thread.peak.read"), &value, &size, nil, 0) == 0 else { return nil }
        return Int(value)
    }

    private func read(_ name: StaticString) -> Int {
        var value = 0
        var size = MemoryLayout<Int>.size
        return mallctl(cName(name), &value, &size, nil, 0) == 0 ? value : 0
    }

    /// A name for `mallctl` straight from the binary: converting a `String` would allocate, and be counted.
    private func cName(_ name: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    private var version: String {
        var pointer: UnsafePointer<CChar>?
        var size = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl(cName("version"), &pointer, &size, nil, 0) == 0, let pointer else { return "" }
        return String(cString: pointer)
    }

    /// Whether jemalloc is the allocator answering `malloc` (it is not if the dynamic linker found glibc's first).
    var isActive: Bool {
        let before = allocatedBytes()
        let block = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { block.deallocate() }
        return allocatedBytes() - before >= 1 << 20
    }
}
