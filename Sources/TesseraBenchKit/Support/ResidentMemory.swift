import Foundation

/// The process's resident memory as the kernel counts it: what a run's memory budget is spent against.
package enum ResidentMemory {
    /// Bytes resident now (`/proc/self/statm`'s second field, in pages); 0 where it cannot be read.
    package static func current() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The process's address space and its private writable mappings now, in bytes (/proc/self/status's
    /// `VmSize` and `VmData`): what `RLIMIT_AS` and `RLIMIT_DATA` count; 0 where they cannot be read.
    package static func mappings() -> (address: Double, data: Double) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func kilobytes(_ field: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                let value = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
            else { return 0 }
            return value * 1024
        }
        return (kilobytes("VmSize"), kilobytes("VmData"))
    }

    /// The most bytes the process has had resident at once since it started (`getrusage`'s `ru_maxrss`).
    package static func peak() -> Double {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Double(usage.ru_maxrss) * 1024
    }
}
