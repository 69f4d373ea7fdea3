import Foundation
import Tessera

/// An updates file: `{"updates": [step, …]}`, each step one update or `{"batch": [update, …]}`, applied in order.
/// An update is an object named by its `op`: `insertItem`, `deleteItem`, `reloadItem` and `resizeItem` take
/// `section` and `item` (and `size`, `[w, h]`, but for deletes); `moveItem` takes `from` and `to` as
/// `[section, item]`; `insertSection` and `reloadSection` take `section`, `itemSizes` and optionally `headerHeight`
/// and `footerHeight`; `deleteSection` takes `section`; `moveSection` takes `from` and `to` as sections.
package struct UpdatesFile: Sendable {
    /// One step: an update on its own, or a batch with UIKit's index rules.
    package enum Step: Sendable, Equatable {
        case single(LayoutUpdate)
        case batch([LayoutUpdate])
    }

    package var steps: [Step]

    /// What reading an updates file holds at its peak, as a multiple of its bytes: Foundation's object tree of it,
    /// a dictionary and its numbers for every step, and the steps. A file of 300,000 resizes (17 MB) peaked at
    /// 1.2 GB resident, 70 times its size.
    static let bytesHeldPerFileByte = 100.0

    package init(steps: [Step]) {
        self.steps = steps
    }

    package static func load(from url: URL) throws(WorkloadError) -> UpdatesFile {
        let data: Data
        switch JSONFile.data(at: url, bytesHeld: bytesHeldPerFileByte) {
        case .success(let bytes): data = bytes
        case .failure(let reason): throw .unreadableUpdates(url.path, reason.text)
        }
        return try parse(data, path: url.path)
    }

    /// The updates in `data`, read from the file at `path` (which names it in errors).
    package static func parse(_ data: Data, path: String) throws(WorkloadError) -> UpdatesFile {
        let json: Any
        switch JSONFile.parse(data) {
        case .success(let value): json = value
        case .failure(let reason): throw .malformedUpdates(path, "not JSON: \(reason.text)")
        }
        guard let top = json as? [String: Any] else {
            throw .malformedUpdates(path, "the top level should be an object with \"updates\"")
        }
        guard let updates = top["updates"] as? [Any] else {
            throw .malformedUpdates(path, "missing \"updates\", an array of steps")
        }
        guard !updates.isEmpty else {
            throw .holdsNothing(
                "the updates file \(path) holds no updates: an updates file of no steps has nothing to apply")
        }
        var steps: [Step] = []
        for (index, step) in updates.enumerated() {
            do throws(Fields.Problem) {
                let object = try Fields(step, place: "updates[\(index)]")
                if let batch = object.values["batch"] {
                    try object.allow(["batch"], for: "a batch step")
                    guard let members = batch as? [Any] else {
                        throw Fields.Problem("updates[\(index)].batch should be an array of updates")
                    }
                    var updates: [LayoutUpdate] = []
                    for (position, member) in members.enumerated() {
                        updates.append(try update(Fields(member, place: "updates[\(index)].batch[\(position)]")))
                    }
                    steps.append(.batch(updates))
                } else {
                    steps.append(.single(try update(object)))
                }
            } catch {
                throw .malformedUpdates(path, error.text)
            }
        }
        // Empty batches change nothing: a file of only those holds nothing to apply, as a file of no steps.
        guard steps.contains(where: { if case .batch(let batch) = $0 { !batch.isEmpty } else { true } }) else {
            throw .holdsNothing(
                "the updates file \(path) holds only empty batches: an updates file of no updates has nothing to apply")
        }
        return UpdatesFile(steps: steps)
    }

    /// The ops a file may name, as it spells them.
    static let ops = [
        "insertItem", "deleteItem", "moveItem", "reloadItem", "resizeItem",
        "insertSection", "deleteSection", "moveSection", "reloadSection",
    ]

    private static func update(_ fields: Fields) throws(Fields.Problem) -> LayoutUpdate {
        let op = try fields.string("op")
        switch op {
        case "insertItem", "reloadItem", "resizeItem": try fields.allow(["op", "section", "item", "size"], for: op)
        case "deleteItem": try fields.allow(["op", "section", "item"], for: op)
        case "moveItem", "moveSection": try fields.allow(["op", "from", "to"], for: op)
        case "insertSection", "reloadSection":
            try fields.allow(["op", "section", "itemSizes", "headerHeight", "footerHeight"], for: op)
        case "deleteSection": try fields.allow(["op", "section"], for: op)
        default: break
        }
        switch op {
        case "insertItem": return .insertItem(try fields.path(), size: try fields.size("size"))
        case "deleteItem": return .deleteItem(try fields.path())
        case "reloadItem": return .reloadItem(try fields.path(), size: try fields.size("size"))
        case "resizeItem": return .resizeItem(try fields.path(), size: try fields.size("size"))
        case "moveItem": return .moveItem(from: try fields.pair("from"), to: try fields.pair("to"))
        case "insertSection": return .insertSection(try fields.int("section"), try fields.section())
        case "reloadSection": return .reloadSection(try fields.int("section"), try fields.section())
        case "deleteSection": return .deleteSection(try fields.int("section"))
        case "moveSection": return .moveSection(from: try fields.int("from"), to: try fields.int("to"))
        default:
            throw Fields.Problem("\(fields.place).op is \"\(op)\"; it should be one of \(ops.joined(separator: ", "))")
        }
    }

    /// An update's object, read field by field with the place of each problem.
    private struct Fields {
        struct Problem: Error {
            let text: String
            init(_ text: String) { self.text = text }
        }

        let values: [String: Any]
        let place: String

        init(_ value: Any, place: String) throws(Problem) {
            guard let values = value as? [String: Any] else { throw Problem("\(place) should be an object") }
            self.values = values
            self.place = place
        }

        /// Refuses a field `what` does not take: a misspelt one would otherwise be a default taken in silence.
        func allow(_ keys: [String], for what: String) throws(Problem) {
            guard let unknown = JSONFile.unknownKey(of: values, allowing: keys) else { return }
            throw Problem(
                "\(place) has a field \"\(unknown)\" that \(what) does not take; it takes \(keys.joined(separator: ", "))"
            )
        }

        func value(_ key: String) throws(Problem) -> Any {
            guard let value = values[key] else { throw Problem("missing field \(place).\(key)") }
            return value
        }

        func string(_ key: String) throws(Problem) -> String {
            guard let text = try value(key) as? String else { throw Problem("\(place).\(key) should be a string") }
            return text
        }

        func int(_ key: String) throws(Problem) -> Int {
            try Self.int(try value(key), "\(place).\(key)")
        }

        func path() throws(Problem) -> ItemPath {
            ItemPath(section: try int("section"), item: try int("item"))
        }

        /// `[section, item]`.
        func pair(_ key: String) throws(Problem) -> ItemPath {
            guard let pair = try value(key) as? [Any], pair.count == 2 else {
                throw Problem("\(place).\(key) should be [section, item]")
            }
            return ItemPath(
                section: try Self.int(pair[0], "\(place).\(key)[0]"), item: try Self.int(pair[1], "\(place).\(key)[1]"))
        }

        func size(_ key: String) throws(Problem) -> Size {
            try Self.size(try value(key), "\(place).\(key)")
        }

        func section() throws(Problem) -> LayoutSection {
            guard let list = try value("itemSizes") as? [Any] else {
                throw Problem("\(place).itemSizes should be an array of [w, h]")
            }
            var sizes: [Size] = []
            for (item, pair) in list.enumerated() { sizes.append(try Self.size(pair, "\(place).itemSizes[\(item)]")) }
            return LayoutSection(
                itemSizes: .list(sizes), headerHeight: try length("headerHeight"),
                footerHeight: try length("footerHeight"))
        }

        private func length(_ key: String) throws(Problem) -> Double? {
            guard let value = values[key] else { return nil }
            return try Self.number(value, "\(place).\(key)")
        }

        private static func number(_ value: Any, _ place: String) throws(Problem) -> Double {
            // JSONSerialization reads true and false as numbers of C type char, which no JSON number becomes.
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
                throw Problem("\(place) should be a number")
            }
            return number.doubleValue
        }

        private static func int(_ value: Any, _ place: String) throws(Problem) -> Int {
            let number = try number(value, place)
            guard number.rounded() == number, abs(number) < 1e15 else {
                throw Problem("\(place) should be a whole number below 10^15")
            }
            return Int(number)
        }

        private static func size(_ value: Any, _ place: String) throws(Problem) -> Size {
            guard let pair = value as? [Any], pair.count == 2 else {
                throw Problem("\(place) should be [width, height]")
            }
            return Size(width: try number(pair[0], "\(place)[0]"), height: try number(pair[1], "\(place)[1]"))
        }
    }
}
