import GRDB

extension Row {
    /// The value of `column` as a `Value`, `nil` when it is NULL: the one way the history reads a row's columns.
    ///
    /// SQLite keeps whatever a column is given (a text in a `REAL` column, a blob in a `TEXT` one), and GRDB's
    /// `row[column] as Value?` stops the process on a value it cannot convert; here such a value is a row no `add`
    /// could have written, refused like any other.
    ///
    /// - Parameter record: what the row is, for the refusal: "run 3", "run 3's figure".
    /// - Throws: `HistoryError.Reason.badRow` when the column holds a value that is no `Value`.
    func historyValue<Value: DatabaseValueConvertible>(
        _ column: String, of record: @autoclosure () -> String, path: String
    ) throws(HistoryError) -> Value? {
        guard let stored = self[column] as DatabaseValue?, !stored.isNull else { return nil }
        guard let value = Value.fromDatabaseValue(stored) else {
            let found =
                switch stored.storage {
                case .null: "NULL"
                case .int64: "an integer"
                case .double: "a real number"
                case .string: "a text"
                case .blob: "a blob"
                }
            let wanted = Value.self == String.self ? "a UTF-8 text" : "a number"
            throw HistoryError(
                path: path, reason: .badRow("\(record())'s \(column) is \(found), where \(wanted) belongs"))
        }
        return value
    }
}
