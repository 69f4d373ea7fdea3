import Foundation
import TesseraBenchKit

/// InfluxDB line protocol, as InfluxData documents it: one line a figure,
/// `measurement,tag=value,... field=value,... timestamp`, with the timestamp in nanoseconds since 1970. What
/// `influx write`, Telegraf and every InfluxDB-compatible store take; package-benchmark's `influx` export carries
/// the same tags (host, processor, metric, unit, test) as annotated CSV.
///
/// The measurement is `tessera`; the tags name the series (benchmark, its parts, the measure, its unit, machine,
/// commit, branch); the fields are `value` and, when known, `lower` and `upper`.
package enum InfluxLineProtocol {
    /// The runs' figures, one line each, in the order given.
    ///
    /// - Throws: `ExportError.time` for a run whose time no timestamp of nanoseconds holds.
    package static func document(_ runs: [RecordedRun]) throws(ExportError) -> Data {
        var text = ""
        for run in runs {
            let timestamp: Int64
            do throws(RecordedTime.Refusal) {
                timestamp = try RecordedTime.nanosecondsSince1970(run.time)
            } catch {
                throw .time(error)
            }
            for metric in run.metrics {
                var tags: [(String, String)] = [
                    ("benchmark", metric.benchmark.description), ("layout", metric.benchmark.layout),
                    ("strategy", metric.benchmark.strategy), ("operation", metric.benchmark.operation),
                    ("elements", String(metric.benchmark.elements)),
                ]
                if let itemsPerSection = metric.benchmark.itemsPerSection {
                    tags.append(("items_per_section", String(itemsPerSection)))
                }
                tags += [
                    ("measure", metric.measure.rawValue), ("unit", metric.measure.unit), ("machine", run.machine),
                    ("commit", run.commit), ("kind", run.kind.rawValue),
                ]
                if let branch = run.branch { tags.append(("branch", branch)) }
                var fields = [("value", metric.value)]
                if let lower = metric.lower { fields.append(("lower", lower)) }
                if let upper = metric.upper { fields.append(("upper", upper)) }
                // Tags sorted by key, as InfluxDB recommends for the fastest writes.
                text += "tessera"
                for (key, value) in tags.sorted(by: { $0.0 < $1.0 }) where !value.isEmpty {
                    text += ",\(escape(key))=\(escape(value))"
                }
                text += " " + fields.map { "\($0.0)=\(number($0.1))" }.joined(separator: ",")
                text += " \(timestamp)\n"
            }
        }
        return Data(text.utf8)
    }

    /// A tag key or value with its commas, equals signs and spaces escaped by a backslash; a backslash itself, and
    /// a line break (which no escape admits), become a space.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case ",", "=", " ": escaped += "\\\(character)"
            case "\\", "\n", "\r", "\t": escaped += "\\ "
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A float field: decimal digits as Swift prints them shortest, which line protocol reads back exactly
    /// (exponents included: "1e-05").
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(format: "%.1f", value) : "\(value)"
    }
}
