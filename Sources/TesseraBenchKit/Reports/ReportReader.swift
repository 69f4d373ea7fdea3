import Foundation

/// Why a file could not be read as a report.
package struct ReportError: Error, CustomStringConvertible {
    package enum Reason: Equatable, Sendable {
        /// The file could not be read: missing, a directory, not permitted.
        case unreadable(String)
        /// Not JSON, or JSON cut short.
        case notJSON(String)
        /// JSON, but not a tessera-bench report: what was found instead.
        case foreign(String)
        /// A report in a schema newer than this version reads (`readable`).
        case newerSchema(Int, readable: Int)
        /// A tessera-bench report with a field missing or of the wrong type.
        case invalid(String)
    }

    package var file: URL
    package var reason: Reason

    package init(file: URL, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    package var description: String {
        let name = file.relativePath
        return switch reason {
        case .unreadable(let detail): "cannot read \(name): \(detail)"
        case .notJSON(let detail): "\(name) is not JSON, or is cut short: \(detail)"
        case .foreign(let found): "\(name) is not a tessera-bench report: \(found)"
        case .newerSchema(let version, let readable):
            "\(name) was written by a newer tessera-bench (report schema \(version); this one reads up to "
                + "\(readable)): read it with that version or later"
        case .invalid(let detail): "\(name) is not a valid tessera-bench report: \(detail)"
        }
    }
}

extension BenchmarkReport {
    /// Reads a report written by `tessera-bench run --report`, refusing anything else with the reason.
    ///
    /// The checks go from the outside in: the tool and the schema version are read before the rest, so a foreign
    /// file or a newer report is named as such rather than as a list of fields this version does not know.
    package static func load(from url: URL, counted: Bool = false) throws(ReportError) -> BenchmarkReport {
        func refuse(_ reason: ReportError.Reason) -> ReportError { ReportError(file: url, reason: reason) }

        let data: Data
        switch JSONFile.data(at: url) {
        case .success(let bytes): data = bytes
        case .failure(let reason): throw refuse(.unreadable(reason.text))
        }
        return try read(data, at: url, counted: counted)
    }

    /// The report in `data`, read from the file at `url` (which names it in errors). A counted run's report
    /// (`run --measure instructions`) holds counts and no time; it is read only where `counted` says the reader
    /// takes counts, and refused by name elsewhere.
    package static func read(_ data: Data, at url: URL, counted: Bool = false) throws(ReportError) -> BenchmarkReport {
        let report: BenchmarkReport = try JSONFile.readVersioned(
            from: data, at: url, tool: toolName, readable: currentSchemaVersion,
            inconsistency: \BenchmarkReport.inconsistency)
        if !counted, report.results.isEmpty {
            throw ReportError(
                file: url,
                reason: .invalid(
                    "it is a counted run's report (run --measure instructions), which holds counts and no time; "
                        + "ab --measure instructions reads it"))
        }
        return report
    }

    /// The longest time a report may hold, in nanoseconds (11.6 days): with times above 0, every ratio of two of
    /// them is a finite number.
    package static let longestTime = 1e15

    /// Whether `nanoseconds` is a time a report may hold: above 0 and at most `longestTime`.
    package static func isTime(_ nanoseconds: Double) -> Bool { nanoseconds > 0 && nanoseconds <= longestTime }
    package static let timeRule = "a time is above 0 and at most 10^15 ns"

    /// Why `date`, a report's or a comparison's `environment.date`, is no time every reader takes, or `nil`.
    package static func dateInconsistency(_ date: String) -> String? {
        do throws(RecordedTime.Refusal) {
            _ = try RecordedTime.parse(date)
            return nil
        } catch {
            return "environment.date: \(error)"
        }
    }

    /// What JSON's types let through but a report cannot hold: no result (a run that measured nothing writes no
    /// report), a date no export can write (`RecordedTime`), a result of no sample, a time of 0 or past
    /// `longestTime`, a sample count that is not the count of its samples, percentiles its samples contradict, a
    /// shape of no items, a size, count or time an element that is negative or not finite, a floor below 0 or a
    /// time over it that is not a positive number. Every command that reads a report reads it here, so each rule
    /// is one message, whichever command meets it.
    var inconsistency: String? {
        let counted = self.counted ?? []
        guard !results.isEmpty || !counted.isEmpty else {
            return "it holds no result; a run that measured nothing writes no report"
        }
        if let problem = Self.dateInconsistency(environment.date) { return problem }
        if let problem = Self.inconsistency(ofCounted: counted) { return problem }
        var measured = Set<BenchmarkResult.Key>()
        var names = Set<BenchmarkName>()
        for (index, result) in results.enumerated() {
            if result.elements < 1 {
                return "results[\(index)].elements is \(result.elements); a result measures at least one element"
            }
            if let shape = result.itemsPerSection, shape < 1 {
                return "results[\(index)].itemsPerSection is \(shape); a section shape holds at least one item"
            }
            if result.samplesNanoseconds.isEmpty {
                return "results[\(index)] holds no sample; a result holds at least one"
            }
            if let operations = result.operationsPerSample, operations < 1 {
                return "results[\(index)].operationsPerSample is \(operations); a sample times at least one operation"
            }
            // A comparison matches results by what they measured: a second copy would be matched with nothing.
            if !measured.insert(result.key).inserted {
                return "results[\(index)] measures \(result.key) again; a report holds each result once"
            }
            if let problem = BenchmarkName(result).inconsistency(at: "results[\(index)]", among: &names) {
                return problem
            }
            if let time = result.samplesNanoseconds.first(where: { !Self.isTime($0) }) {
                return "results[\(index)].samplesNanoseconds holds \(time) ns; \(Self.timeRule)"
            }
            if result.samples != result.samplesNanoseconds.count {
                return
                    "results[\(index)].samples is \(result.samples), but it holds \(result.samplesNanoseconds.count) samples"
            }
            if let time = [result.medianNanoseconds, result.p90Nanoseconds, result.p99Nanoseconds].first(where: {
                !Self.isTime($0)
            }) {
                return "results[\(index)] has a percentile of \(time) ns; \(Self.timeRule)"
            }
            for (field, value) in [
                ("nanosecondsPerElement", result.nanosecondsPerElement), ("bytesPerElement", result.bytesPerElement),
                ("allocationsPerOperation", result.allocationsPerOperation),
            ] {
                if let value, !(value >= 0 && value.isFinite) {
                    return "results[\(index)].\(field) is \(value); a figure of a result is finite and 0 or more"
                }
            }
            if let missed = result.missedElements, missed < 0 {
                return "results[\(index)].missedElements is \(missed); a count of elements is 0 or more"
            }
            if let floor = result.floorElements, !(floor >= 0 && floor <= Double(Int.max)) {
                return "results[\(index)].floorElements is \(floor); a floor is a count of elements, 0 or more"
            }
            if let ratio = result.overFloor, !(ratio > 0 && ratio.isFinite) {
                return "results[\(index)].overFloor is \(ratio); a ratio of two times is above 0 and finite"
            }
            if let contradiction = Self.contradiction(of: result) { return "results[\(index)]: \(contradiction)" }
        }
        return Self.inconsistency(ofShifts: shifts ?? [], names: &names)
    }

    /// The largest a shift, in points, is read as: a content's length (`Size.maximumLength`), which no move exceeds.
    package static let largestShift = 1e12

    /// What a layout shift result cannot hold: no element or step, a shift or score that is negative, not finite or
    /// past any content, a p99 over the largest, a column change count below 0, a balance under 1, or a result
    /// twice.
    private static func inconsistency(ofShifts shifts: [ShiftResult], names: inout Set<BenchmarkName>) -> String? {
        var measured = Set<ShiftResult.Key>()
        for (index, shift) in shifts.enumerated() {
            let place = "shifts[\(index)]"
            if shift.elements < 1 { return "\(place).elements is \(shift.elements); a result measures at least one" }
            if let shape = shift.itemsPerSection, shape < 1 {
                return "\(place).itemsPerSection is \(shape); a section shape holds at least one item"
            }
            if shift.steps < 1 { return "\(place).steps is \(shift.steps); a scenario has at least one step" }
            for (field, value) in [
                ("largestPoints", shift.largestPoints), ("p99Points", shift.p99Points),
                ("score", shift.score),
            ] where !(value >= 0 && value <= largestShift) {
                return "\(place).\(field) is \(value); a shift is 0 or more and at most \(largestShift) points"
            }
            if shift.p99Points > shift.largestPoints {
                return "\(place).p99Points is \(shift.p99Points), over its largest, \(shift.largestPoints)"
            }
            if let changes = shift.columnChanges, changes < 0 {
                return "\(place).columnChanges is \(changes); a count of photos is 0 or more"
            }
            if let balance = shift.columnBalance, !(balance >= 1 && balance.isFinite) {
                return "\(place).columnBalance is \(balance); the tallest column over the shortest is 1 or more"
            }
            if !measured.insert(shift.key).inserted {
                return "\(place) measures \(shift.key) again; a report holds each result once"
            }
            if let problem = shift.name.inconsistency(at: place, among: &names) { return problem }
        }
        return nil
    }

    /// What a counted result cannot hold: no element, no operation counted, a count that is negative or not
    /// finite, more misses than accesses, or a result twice.
    private static func inconsistency(ofCounted counted: [CountedResult]) -> String? {
        var measured = Set<BenchmarkResult.Key>()
        for (index, result) in counted.enumerated() {
            let place = "counted[\(index)]"
            if result.elements < 1 { return "\(place).elements is \(result.elements); a result measures at least one" }
            if let shape = result.itemsPerSection, shape < 1 {
                return "\(place).itemsPerSection is \(shape); a section shape holds at least one item"
            }
            if result.operationsCounted < 1 {
                return "\(place).operationsCounted is \(result.operationsCounted); a count covers at least one"
            }
            if let problem = result.cost.inconsistency(at: "\(place).cost") { return problem }
            if !measured.insert(result.key).inserted {
                return "\(place) counts \(result.key) again; a report holds each result once"
            }
        }
        return nil
    }

    /// A stored percentile its samples cannot have given: a median outside their middle half, a p90 or p99 outside
    /// their range, or percentiles out of order. (Loose enough for every schema's way of taking percentiles, and
    /// for the histogram's three significant digits.)
    private static func contradiction(of result: BenchmarkResult) -> String? {
        let sorted = result.samplesNanoseconds.sorted()
        guard let least = sorted.first, let most = sorted.last else { return nil }
        func within(_ value: Double, _ low: Double, _ high: Double) -> Bool {
            value >= low * 0.998 - 0.01 && value <= high * 1.002 + 0.01
        }
        let last = Double(sorted.count - 1)
        let (lowerQuartile, upperQuartile) = (
            sorted[Int((last * 0.25).rounded(.down))], sorted[Int((last * 0.75).rounded(.up))]
        )
        if !within(result.medianNanoseconds, lowerQuartile, upperQuartile) {
            return
                "the median \(result.medianNanoseconds) ns is not the median of its samples (their middle half is \(lowerQuartile)…\(upperQuartile) ns)"
        }
        for (name, value) in [("p90", result.p90Nanoseconds), ("p99", result.p99Nanoseconds)]
        where !within(value, least, most) {
            return "the \(name) \(value) ns lies outside its samples (\(least)…\(most) ns)"
        }
        if !within(result.medianNanoseconds, 0, result.p90Nanoseconds)
            || !within(result.p90Nanoseconds, 0, result.p99Nanoseconds)
        {
            return
                "its percentiles are out of order (median \(result.medianNanoseconds), p90 \(result.p90Nanoseconds), p99 \(result.p99Nanoseconds) ns)"
        }
        return nil
    }
}

extension JSONFile {
    /// The JSON object in `data`, or why it is none.
    package static func object(in data: Data, at url: URL) throws(ReportError) -> [String: Any] {
        let json: Any
        switch parse(data) {
        case .success(let value): json = value
        case .failure(let reason): throw ReportError(file: url, reason: .notJSON(reason.text))
        }
        guard let object = json as? [String: Any] else {
            let found = json is [Any] ? "a JSON array, not an object" : "a single JSON value, not an object"
            throw ReportError(file: url, reason: .foreign(found))
        }
        return object
    }

    /// Checks that `object` was written by `tool` in a schema this version reads. The tool and the schema version
    /// are read before the rest, so a foreign file or a newer report is named as such rather than as a list of
    /// fields this version does not know.
    static func checkHeader(
        of object: [String: Any], in data: Data, at url: URL, tool toolName: String, readable: Int
    ) throws(ReportError) {
        func refuse(_ reason: ReportError.Reason) -> ReportError { ReportError(file: url, reason: reason) }
        guard let tool = object["tool"] else { throw refuse(.foreign("no \"tool\" field")) }
        guard let name = tool as? String, name == toolName else {
            let found = (tool as? String).map { "\"\($0)\"" } ?? "not a string"
            throw refuse(.foreign("its \"tool\" is \(found), not \"\(toolName)\""))
        }
        struct Header: Decodable { var schemaVersion: Int }
        let version = try decode(Header.self, from: data, at: url).schemaVersion
        guard version <= readable else { throw refuse(.newerSchema(version, readable: readable)) }
        guard version >= 1 else { throw refuse(.invalid("schemaVersion \(version) was never written")) }
    }

    /// A file `tool` wrote, in a schema this version reads, decoded and checked for what its types let through
    /// (`inconsistency`).
    package static func readVersioned<T: Decodable>(
        from data: Data, at url: URL, tool: String, readable: Int, inconsistency: (T) -> String?
    ) throws(ReportError) -> T {
        let object = try object(in: data, at: url)
        try checkHeader(of: object, in: data, at: url, tool: tool, readable: readable)
        let value = try decode(T.self, from: data, at: url)
        if let problem = inconsistency(value) { throw ReportError(file: url, reason: .invalid(problem)) }
        return value
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data, at url: URL) throws(ReportError) -> T {
        do { return try JSONDecoder().decode(type, from: data) } catch {
            let detail = (error as? DecodingError).map(describe) ?? String(describing: error)
            throw ReportError(file: url, reason: .invalid(detail))
        }
    }
}
