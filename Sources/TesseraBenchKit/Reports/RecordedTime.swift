import Foundation

/// The time a run's figures belong to, as every reader of it takes it: a report's date, `--time`, a history's row.
/// An ISO 8601 time with its zone, within what every export can write: InfluxDB's timestamps are nanoseconds since
/// 1970 in a signed 64-bit integer, which hold 1677-09-21T00:12:44Z to 2262-04-11T23:47:16Z (Otava's seconds and
/// the history's hold more). A time outside it is refused where it is read, so no export meets one; so is a date
/// or time that does not exist (2026-02-29, 24:00:00), which a lenient parser would roll over to another instant.
package enum RecordedTime {
    /// The seconds since 1970 that InfluxDB's nanoseconds hold, to the whole second.
    package static let seconds: ClosedRange<Double> = -9_223_372_036...9_223_372_036

    /// The rule a time must keep, as every message about one states it.
    package static let rule =
        "a time is ISO 8601 with its zone, as 2026-11-26T12:00:00Z or 2026-11-26T13:00:00+01:00 (an offset of at most "
        + "14:00), a date and time that exist, from 1677-09-21T00:12:44Z to 2262-04-11T23:47:16Z (InfluxDB's "
        + "nanoseconds since 1970 hold no other)"

    /// The widest offset from UTC a time may give, in seconds: 14:00, Kiribati's, the widest any time zone uses
    /// (ISO 8601 sets no bound; Foundation's time zones take up to 18:00).
    static let widestOffset = 14 * 3_600

    /// Why a time was refused: the text or time, and `rule`.
    package struct Refusal: Error, CustomStringConvertible, Equatable {
        package var description: String
    }

    /// The time `text` names.
    ///
    /// - Throws: `Refusal` when it is not ISO 8601 with its zone (`YYYY-MM-DDTHH:MM:SS`, then `Z` or `±HH:MM` of
    ///   at most `widestOffset`), when its fields name no instant (they must read back unchanged from the instant,
    ///   in its offset), or when it lies outside `seconds`.
    package static func parse(_ text: String) throws(Refusal) -> Date {
        guard let date = instant(text), contains(date) else {
            throw Refusal(description: "\"\(text)\" is refused: \(rule)")
        }
        return date
    }

    /// The instant `text` names, or `nil`. `ISO8601DateFormatter` rolls 2026-02-29 over to March 1st, takes an
    /// offset of +99:00 and ignores what follows a zone; here every field must read back as it was written.
    private static func instant(_ text: String) -> Date? {
        let shape = /([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:Z|([+-])([0-9]{2}):([0-9]{2}))/
        guard let match = text.wholeMatch(of: shape) else { return nil }
        let fields = [match.1, match.2, match.3, match.4, match.5, match.6].map { Int($0)! }
        var offset = 0
        if let sign = match.7, let hours = match.8.flatMap({ Int($0) }), let minutes = match.9.flatMap({ Int($0) }) {
            guard minutes < 60, hours * 3_600 + minutes * 60 <= widestOffset else { return nil }
            offset = (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
        }
        guard let zone = TimeZone(secondsFromGMT: offset) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(
            year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5])
        guard let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard [back.year, back.month, back.day, back.hour, back.minute, back.second] == fields else { return nil }
        return date
    }

    /// Whether every export can write `date`.
    package static func contains(_ date: Date) -> Bool { seconds.contains(date.timeIntervalSince1970) }

    /// `date` refused by the rule, for a time that was given rather than read.
    package static func refusal(of date: Date) -> Refusal {
        Refusal(description: "\(date.timeIntervalSince1970) s since 1970 is refused: \(rule)")
    }

    /// `date` in nanoseconds since 1970, as InfluxDB's line protocol writes it.
    ///
    /// - Throws: `Refusal` for a time outside `seconds`, which no 64-bit count of nanoseconds holds.
    package static func nanosecondsSince1970(_ date: Date) throws(Refusal) -> Int64 {
        guard contains(date) else { throw refusal(of: date) }
        return Int64((date.timeIntervalSince1970 * 1e9).rounded())
    }

    /// `date` in whole seconds since 1970, as Otava's JSON writes it.
    ///
    /// - Throws: `Refusal` for a time outside `seconds`.
    package static func secondsSince1970(_ date: Date) throws(Refusal) -> Int64 {
        guard contains(date) else { throw refusal(of: date) }
        return Int64(date.timeIntervalSince1970.rounded(.down))
    }
}
