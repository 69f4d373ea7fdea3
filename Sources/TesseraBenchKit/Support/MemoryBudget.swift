import Foundation

/// The bytes this process may use: the tightest of the machine's memory, the process's own limits (`ulimit -v`'s
/// `RLIMIT_AS`, `RLIMIT_DATA`) and its control group's (`memory.max` and `memory.high`, which a CI container sets),
/// each less a fifth for what the estimates do not see. Every command's memory checks spend against it.
public enum MemoryBudget {
    /// - Complexity: reads a few small files under /proc and /sys once a call.
    public static func bytes() -> Double {
        let limits = [Double(ProcessInfo.processInfo.physicalMemory)] + resourceLimits() + controlGroupLimits()
        return (limits.filter { $0 > 0 }.min() ?? 0) * 0.8
    }

    /// The soft `RLIMIT_AS` and `RLIMIT_DATA`, where set.
    static func resourceLimits() -> [Double] {
        #if os(Linux)
            let resources = [Int32(RLIMIT_AS.rawValue), Int32(RLIMIT_DATA.rawValue)]
        #else
            let resources = [RLIMIT_AS, RLIMIT_DATA]
        #endif
        return resources.compactMap { resource in
            var limit = rlimit()
            #if os(Linux)
                guard getrlimit(__rlimit_resource_t(UInt32(resource)), &limit) == 0 else { return nil }
            #else
                guard getrlimit(resource, &limit) == 0 else { return nil }
            #endif
            // RLIM_INFINITY is all ones, which Swift imports as a literal -1 it cannot compare with `rlim_t`.
            return limit.rlim_cur == rlim_t.max ? nil : Double(limit.rlim_cur)
        }
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
