import Foundation

/// The process's resident memory as the kernel counts it: what a run's memory budget is spent against.
public enum ResidentMemory {
    /// Bytes resident now (`/proc/self/statm`'s second field, in pages); 0 where it cannot be read.
    public static func current() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The most bytes the process has had resident at once since it started (`getrusage`'s `ru_maxrss`).
    public static func peak() -> Double {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Double(usage.ru_maxrss) * 1024
    }
}
