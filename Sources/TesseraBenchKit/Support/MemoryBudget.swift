import Foundation

/// The bytes this process may use: the tightest of the machine's memory, the process's own limits (`ulimit -v`'s
/// `RLIMIT_AS`, `RLIMIT_DATA`) and its control group's (`memory.max` and `memory.high`, which a CI container sets),
/// each less a fifth for what the estimates do not see. Every command's memory checks spend against it.
///
/// Each limit counts something else, and the budget is the one with the least room left for what it counts: the
/// machine and a control group count resident memory, `RLIMIT_AS` the address space and `RLIMIT_DATA` the private
/// writable mappings. The estimates are of resident bytes (fitted to the allocator's peaks), so the two process
/// limits are stated in resident bytes too, at `mappedBytesPerResidentByte` bytes of mapping each.
package struct MemoryBudget: Sendable {
    /// The limit, less a fifth, in resident bytes.
    package var bytes: Double
    /// What the process already counts against that limit, in resident bytes.
    package var spent: Double

    /// The address space or private mappings a resident byte takes: the allocator keeps freed extents mapped and a
    /// large array needs one unbroken range. Measured peaks: 1.0 (an updates file's tree) to 1.6 (a report's
    /// decoding; a run whose naive dictionary at 300k items aborted under `ulimit -v 600000` at 395 MB resident).
    static let mappedBytesPerResidentByte = 2.0

    /// The room left.
    package var headroom: Double { bytes - spent }

    /// The budget with the least room left now.
    /// - Complexity: reads a few small files under /proc and /sys once a call.
    package static func tightest() -> MemoryBudget {
        let resident = ResidentMemory.current()
        var budgets = ([Double(ProcessInfo.processInfo.physicalMemory)] + controlGroupLimits()).map {
            MemoryBudget(bytes: $0 * 0.8, spent: resident)
        }
        let counted = ResidentMemory.mappings()
        let rate = mappedBytesPerResidentByte
        for (resource, mapped) in [(addressSpace, counted.address), (data, counted.data)] {
            if let limit = resourceLimit(resource) {
                budgets.append(.init(bytes: limit * 0.8 / rate, spent: mapped / rate))
            }
        }
        return budgets.filter { $0.bytes > 0 }.min { $0.headroom < $1.headroom } ?? MemoryBudget(bytes: 0, spent: 0)
    }

    #if os(Linux)
        private static let addressSpace = Int32(RLIMIT_AS.rawValue)
        private static let data = Int32(RLIMIT_DATA.rawValue)
    #else
        private static let addressSpace = RLIMIT_AS
        private static let data = RLIMIT_DATA
    #endif

    /// A soft resource limit, where set.
    static func resourceLimit(_ resource: Int32) -> Double? {
        var limit = rlimit()
        #if os(Linux)
            guard getrlimit(__rlimit_resource_t(UInt32(resource)), &limit) == 0 else { return nil }
        #else
            guard getrlimit(resource, &limit) == 0 else { return nil }
        #endif
        // RLIM_INFINITY is all ones, which Swift imports as a literal -1 it cannot compare with `rlim_t`.
        return limit.rlim_cur == rlim_t.max ? nil : Double(limit.rlim_cur)
    }

    /// cgroup v2's `memory.max` and `memory.high` of this process's group and every group above it, where set.
    static func controlGroupLimits() -> [Double] {
        // "0::/path/of/the/group" in cgroup v2.
        guard let membership = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8),
            let line = membership.split(separator: "\n").first(where: { $0.hasPrefix("0::") })
        else { return [] }
        var group = String(line.dropFirst(3))
        var limits: [Double] = []
        while true {
            for name in ["memory.max", "memory.high"] {
                let path = "/sys/fs/cgroup\(group == "/" ? "" : group)/\(name)"
                if let text = try? String(contentsOfFile: path, encoding: .utf8),
                    let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
                {
                    limits.append(value)  // "max" reads as no number: no limit
                }
            }
            guard group != "/", !group.isEmpty else { break }
            group = (group as NSString).deletingLastPathComponent
        }
        return limits
    }
}
