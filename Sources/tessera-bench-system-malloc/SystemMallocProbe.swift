import CMallocInfo
import TesseraBenchKit

/// glibc malloc's statistics through `mallinfo2`: bytes in use, in its arenas and in blocks it mapped directly.
/// glibc keeps no count of requests, so allocation counts are unknown under it.
struct SystemMallocProbe: AllocatorProbe {
    var name: String { "glibc malloc" }

    func allocatedBytes() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
    }

    func allocationCount() -> Int? { nil }
}
