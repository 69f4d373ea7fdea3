import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit

extension HistoryStore {
    /// Adds `runs` to the history at `path` in one transaction, creating the history when there is none: a new one
    /// is written whole in a file of its own beside `path` and linked into place only once it holds every run, so
    /// an add that fails leaves no file behind. When another process makes the history first, the runs go into
    /// that one.
    ///
    /// - Returns: the runs' numbers in the history, in the order given.
    /// - Throws: `HistoryError` as `init(path:create:)` and `add(_:)` throw it, naming `path`.
    package static func add(_ runs: [RecordedRun], toHistoryAt path: String) throws(HistoryError) -> [Int64] {
        if !FileManager.default.fileExists(atPath: path), let ids = try addToNewHistory(runs, at: path) {
            return ids
        }
        return try HistoryStore(path: path, create: true).add(runs)
    }

    /// The runs' numbers in a new history linked in at `path`; `nil` when a file came there first.
    private static func addToNewHistory(_ runs: [RecordedRun], at path: String) throws(HistoryError) -> [Int64]? {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Made here, exclusively, with the mode SQLite would give it (0666 less the umask).
        let scratch = "\(path).\(getpid())-\(UInt32.random(in: .min ... .max)).new"
        let descriptor = open(scratch, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw HistoryError(path: path, reason: .database(String(cString: strerror(errno))))
        }
        try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).close()
        let tracked = Interruption.track(path: scratch)
        defer {
            unlink(scratch)
            Interruption.untrack(tracked)
        }
        let ids: [Int64]
        do {
            let store = try HistoryStore(path: scratch, create: true)
            ids = try store.add(runs)
            try store.close()
        } catch {
            throw HistoryError(path: path, reason: error.reason)
        }
        if link(scratch, path) == 0 { return ids }
        guard errno == EEXIST else {
            throw HistoryError(path: path, reason: .database(String(cString: strerror(errno))))
        }
        return nil
    }
}
