import Foundation

/// The time a run's figures belong to, as every reader of it takes it: a report's date, `--time`, a history's row.
/// An ISO 8601 time with its zone, within what every export can write: InfluxDB's timestamps are nanoseconds since
/// 1970 in a signed 64-bit integer, which hold 1677-09-21T00:12:44Z to 2262-04-11T23:47:16Z (Otava's seconds and
/// the history's hold more). A time outside it is refused where it is read, so no export meets one.
public enum RecordedTime {
    /// The seconds since 1970 that InfluxDB's nanoseconds hold, to the whole second.
    public static let seconds: ClosedRange<Double> = -9_223_372_036...9_223_372_036

    /// The rule a time must keep, as every message about one states it.
    public static let rule =
        "a time is ISO 8601 with its zone, as 2026-11-26T12:00:00Z, from 1677-09-21T00:12:44Z to 2262-04-11T23:47:16Z "
        + "(InfluxDB's nanoseconds since 1970 hold no other)"

    /// Why a time was refused: the text or time, and `rule`.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// The time `text` names.
    ///
    /// - Throws: `Refusal` when it is not ISO 8601 with its zone, or lies outside `seconds`.
    public static func parse(_ text: String) throws(Refusal) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text), contains(date) else {
            throw Refusal(description: "\"\(text)\" is refused: \(rule)")
        }
        return date
    }

    /// Whether every export can write `date`.
    public static func contains(_ date: Date) -> Bool { seconds.contains(date.timeIntervalSince1970) }

    /// `date` refused by the rule, for a time that was given rather than read.
    static func refusal(of date: Date) -> Refusal {
        Refusal(description: "\(date.timeIntervalSince1970) s since 1970 is refused: \(rule)")
    }

    /// `date` in nanoseconds since 1970, as InfluxDB's line protocol writes it.
    ///
    /// - Throws: `Refusal` for a time outside `seconds`, which no 64-bit count of nanoseconds holds.
    static func nanosecondsSince1970(_ date: Date) throws(Refusal) -> Int64 {
        guard contains(date) else { throw refusal(of: date) }
        return Int64((date.timeIntervalSince1970 * 1e9).rounded())
    }

    /// `date` in whole seconds since 1970, as Otava's JSON writes it.
    ///
    /// - Throws: `Refusal` for a time outside `seconds`.
    static func secondsSince1970(_ date: Date) throws(Refusal) -> Int64 {
        guard contains(date) else { throw refusal(of: date) }
        return Int64(date.timeIntervalSince1970.rounded(.down))
    }
}
