/// Why a history cannot be opened, added to or read: each with what to do about it.
package struct HistoryError: Error, CustomStringConvertible, Equatable {
    package enum Reason: Equatable, Sendable {
        /// There is no file to read: a history is made by its first `add`.
        case missing
        /// The file is an SQLite database of something else, or no SQLite database at all.
        case foreign(String)
        /// A history written by a newer tessera-bench.
        case newerSchema(Int)
        /// The run is in the history already: the same kind, commit, machine and time.
        case duplicate(String)
        /// A row the history holds breaks its rules (edited by hand, or written by something else).
        case badRow(String)
        /// SQLite's own error: the file cannot be opened, read or written.
        case database(String)
    }

    package var path: String
    package var reason: Reason

    package var description: String {
        switch reason {
        case .missing: "there is no history at \(path): `tessera-bench history add REPORT` makes one"
        case .foreign(let what): "\(path) is not a tessera-bench history: \(what)"
        case .newerSchema(let version):
            "\(path) was written by a newer tessera-bench (history schema \(version); this one reads up to "
                + "\(HistoryStore.schemaVersion)): use that version or later"
        case .duplicate(let run): "\(path) holds this run already: \(run)"
        case .badRow(let detail): "\(path) holds a row that is not a valid history entry: \(detail)"
        case .database(let detail): "cannot use \(path): \(detail)"
        }
    }
}
