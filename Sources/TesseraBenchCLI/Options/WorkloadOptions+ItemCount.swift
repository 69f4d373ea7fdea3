import ArgumentParser
import TesseraBenchKit

/// One rule for the items every command lays out: at least one, and a workload file's own count. A workload of no
/// items would measure nothing in `run`, `tune`, `native` and `floors`, and show nothing but empty sections in
/// `dump`, `query` and `trace`, so every command refuses it as a usage error, however it is given; and so is any
/// file that holds nothing to measure or apply, whatever its kind (`holdingSomething(_:)`).
extension WorkloadOptions {
    /// What `read` reads from a file, with a file that holds nothing (a trace of no frames, updates of no steps:
    /// `WorkloadError.holdsNothing`) refused as a usage error, as a workload file of no items is.
    static func holdingSomething<T>(_ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch WorkloadError.holdsNothing(let reason) {
            throw ValidationError(reason)
        }
    }

    /// Refuses `--items 0` (`asked`), before anything is read.
    static func requireItems(_ asked: [Int]) throws {
        if asked.contains(0) {
            throw ValidationError("--items must be at least 1: a workload of no items has nothing to measure or show")
        }
    }

    /// A workload file's item count, which `--items` (`asked`) may repeat but not contradict (it would be reported
    /// but not laid out), refused when the file holds no items; `nil` for the built-in workload, sized by `asked`.
    func fileItemCount(asked: Int?, of source: WorkloadSource) throws -> Int? {
        guard case .file(let sections, let path) = source else { return nil }
        let count = sections.reduce(0) { $0 + $1.itemSizes.count }
        if let asked, asked != count {
            throw ValidationError(
                "--items \(asked.formatted()) does not match the workload file's \(count.formatted()) items: drop --items"
            )
        }
        guard count > 0 else {
            throw ValidationError(
                "the workload file \(path) holds no items: a workload of no items has nothing to measure or show")
        }
        return count
    }
}
