import Foundation

/// Reading a JSON file a user handed over, with reasons a person can act on: the system's reason a file cannot be
/// read ("Is a directory"), the parser's own words for what is not JSON, and the field a decoding error is about.
package enum JSONFile {
    /// What reading and parsing a JSON file holds at its peak, as a multiple of its bytes: the bytes themselves and
    /// the parser's objects, which take several times the text they come from: a report of 7.4 MB added 127 MB
    /// resident (17 times).
    package static let bytesHeldPerFileByte = 20.0

    /// The file's bytes, or why they cannot be read: refused before reading when it is no regular file (a device,
    /// a pipe, a directory) or when reading it, at `bytesHeld` bytes for each of its own, would not fit in
    /// `MemoryBudget`. A reader with a closer estimate of its own (a workload file) passes 1 and checks it after.
    package static func data(at url: URL, bytesHeld: Double = bytesHeldPerFileByte) -> Result<Data, FailureReason> {
        var status = stat()
        // A directory is left to the read below, whose reason the system words ("Is a directory").
        if stat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            guard status.st_mode & S_IFMT == S_IFREG else {
                return .failure(FailureReason("it is not a regular file but a device or a pipe; give a file"))
            }
            let needed = Double(status.st_size) * bytesHeld
            let budget = MemoryBudget.tightest().headroom
            guard needed <= budget else {
                return .failure(
                    FailureReason(
                        String(
                            format: "it is %.0f MB, and reading it would hold about %.0f MB, over the %.0f MB this "
                                + "process may use", Double(status.st_size) / 1e6, needed / 1e6,
                            Swift.max(budget, 0) / 1e6)))
            }
        }
        do { return .success(try Data(contentsOf: url)) } catch {
            // The system's reason says more than Foundation's wrapper around it.
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? POSIXError)?.code.rawValue
            return .failure(FailureReason(code.map { String(cString: strerror($0)) } ?? error.localizedDescription))
        }
    }

    /// The JSON value in `data`, or why it is not JSON: the parser's reason, or a key an object holds twice
    /// (which JSON readers take differently: JSONSerialization the last, JSONDecoder the first).
    static func parse(_ data: Data) -> Result<Any, FailureReason> {
        guard !data.isEmpty else { return .failure(FailureReason("the file is empty")) }
        let value: Any
        do { value = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) } catch {
            // The parser's words, as "Unexpected end of file during JSON parse." (`NSDebugDescriptionKey`, a name
            // Foundation on Linux does not export).
            return .failure(
                FailureReason(
                    (error as NSError).userInfo["NSDebugDescription"] as? String ?? error.localizedDescription))
        }
        if let key = firstDuplicateKey(in: data) {
            return .failure(
                FailureReason("the key \"\(key)\" appears twice in one object; which one counts would be a guess"))
        }
        return .success(value)
    }

    /// The largest file whose object tree is built to word what is not JSON: the tree takes over a hundred times
    /// the file (a trace of 55 MB held 7.7 GB), and a file cut short is parsed to its end before the parser fails.
    static let largestReparsed = 1 << 20

    /// `T` decoded from `data` without first building Foundation's object tree, which costs hundreds of bytes a
    /// number (a workload file of a million sizes took half a gigabyte). Only when decoding a file of up to
    /// `largestReparsed` bytes fails is the tree built, for the parser's own words on what is not JSON. `T` refuses
    /// unknown keys itself, by throwing `UnknownKey`.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) -> Result<T, FailureReason> {
        let value: T
        do { value = try JSONDecoder().decode(T.self, from: data) } catch {
            if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty,
                data.count > largestReparsed
            {
                return .failure(FailureReason("not JSON: \(context.debugDescription)"))
            }
            if case .failure(let reason) = parse(data) { return .failure(FailureReason("not JSON: \(reason.text)")) }
            if let unknown = error as? UnknownKey { return .failure(FailureReason(unknown.description)) }
            return .failure(FailureReason((error as? DecodingError).map(describe) ?? String(describing: error)))
        }
        if let key = firstDuplicateKey(in: data) {
            return .failure(
                FailureReason(
                    "not JSON: the key \"\(key)\" appears twice in one object; which one counts would be a guess"))
        }
        return .success(value)
    }

    /// A key a decoded object holds that its format does not have, as a misspelt `headerHieght`.
    struct UnknownKey: Error, CustomStringConvertible {
        let key: String
        let codingPath: [any CodingKey]
        /// What the object is, and the keys it may have: "a section", ["itemSizes", …].
        let object: String
        let allowed: [String]

        /// Throws for the first key, in sorted order, of the object `decoder` reads that `allowed` does not hold.
        static func check(_ decoder: any Decoder, is object: String, allowing allowed: [String]) throws {
            let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).sorted()
            if let key = keys.first(where: { !allowed.contains($0) }) {
                throw UnknownKey(key: key, codingPath: decoder.codingPath, object: object, allowed: allowed.sorted())
            }
        }

        var description: String {
            let place = path(codingPath)
            // A key is quoted whole only while it reads as a name: a file may hold a key of megabytes.
            let key = key.count <= 80 ? key : "\(key.prefix(60))… (\(key.count) characters)"
            return (place.isEmpty ? "unknown key '\(key)'" : "\(place) has an unknown key '\(key)'")
                + "; \(object) has \(allowed.joined(separator: ", "))"
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int? = nil
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A coding path as `sections[2].itemSizes`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("") { path, key in
            if let index = key.intValue {
                "\(path)[\(index)]"
            } else {
                path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)"
            }
        }
    }

    /// The first key that an object of `data` holds twice (compared as written). `data` is what the parser took,
    /// which need not be strict JSON (it takes `0 "`), so every step keeps within the bytes and the open containers.
    private static func firstDuplicateKey(in data: Data) -> String? {
        // One entry per open container: an object's keys so far and whether a key comes next; nil for an array.
        var open: [(keys: Set<[UInt8]>, keyNext: Bool)?] = []
        let bytes = [UInt8](data)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): open.append((keys: [], keyNext: true))
            case UInt8(ascii: "["): open.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !open.isEmpty { open.removeLast() }
            case UInt8(ascii: ","): if open.last??.keyNext == false { open[open.count - 1]!.keyNext = true }
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < bytes.count else { return nil }
                if open.last??.keyNext == true {
                    let key = Array(bytes[(index + 1)..<end])
                    guard open[open.count - 1]!.keys.insert(key).inserted else {
                        return String(decoding: key, as: UTF8.self)
                    }
                    open[open.count - 1]!.keyNext = false
                }
                index = end
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The first key of `object`, in sorted order, that the format's `keys` do not have: a misspelt field would
    /// otherwise be dropped without a word.
    static func unknownKey(of object: [String: Any], allowing keys: some Collection<String>) -> String? {
        object.keys.sorted().first { !keys.contains($0) }
    }

    /// The field and the problem, as `results[2].elements: Expected to decode Int but found a string instead.`, for
    /// JSON that parsed.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field \(path(context.codingPath + [key]))"
        case .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? "the file holds only null" : "\(path(context.codingPath)) is null"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Well-formed JSON: this is JSONDecoder's answer, without a path, to a number its field cannot hold.
            return
                "a number does not fit its field: negative or fractional where a whole number is expected, or too large"
        case .typeMismatch(let type, let context):
            let place = context.codingPath.isEmpty ? "the top level" : path(context.codingPath)
            return "\(place) should be \(jsonKind(of: type))"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }

    /// A Swift type as the JSON it reads: "an object", "an array", "a number", "a string".
    private static func jsonKind(of type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary") { return "an object" }
        if name.hasPrefix("Array") { return "an array" }
        if name == "String" { return "a string" }
        if name == "Bool" { return "true or false" }
        return "a number"
    }

    package struct FailureReason: Error {
        package let text: String

        package init(_ text: String) {
            self.text = text
        }
    }
}
