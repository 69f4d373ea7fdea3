import ArgumentParser
import Foundation
import Tessera

/// Why an option's value was refused: the number at fault and the rule it breaks. Thrown from an option's
/// `transform`, it follows ArgumentParser's "The value '…' is invalid for '--option'" (exit status 64), so a user
/// reads which number is wrong and why rather than a bare "invalid".
struct ArgumentReason: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The numbers of a value of `names.count` numbers between `separator`s (its `form`, as `x,y`), each accepted by
/// `isValid`; the first that is not a number, or that breaks `rule`, is named ("the width is inf; …").
private func numbers(
    in text: String, separator: Character, form: String, names: [String], rule: String,
    isValid: (Double) -> Bool
) throws(ArgumentReason) -> [Double] {
    let parts = text.split(separator: separator, omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
    }
    guard parts.count == names.count else {
        throw ArgumentReason("it has \(parts.count) parts; give \(names.count) numbers as \(form)")
    }
    var values: [Double] = []
    for (name, part) in zip(names, parts) {
        guard let value = Double(part) else { throw ArgumentReason("the \(name) '\(part)' is not a number") }
        guard isValid(value) else { throw ArgumentReason("the \(name) is \(part); \(rule)") }
        values.append(value)
    }
    return values
}

/// `WIDTHxHEIGHT`, each side more than 0 and at most `Size.maximumLength`: a viewport or an item of no area shows
/// nothing (a trace file's viewports follow the same rule, so a trace written for one can be replayed), and a
/// longer side no layout takes.
struct SizeArgument: CustomStringConvertible {
    let size: Size

    init(_ size: Size) {
        self.size = size
    }

    init(parsing text: String) throws(ArgumentReason) {
        let values = try numbers(
            in: text.lowercased(), separator: "x", form: "WIDTHxHEIGHT", names: ["width", "height"],
            rule:
                "width and height must be positive (a size of no area shows nothing) and at most \(Size.maximumLength)"
        ) { $0 > 0 && Size.isValidLength($0) }
        size = Size(width: values[0], height: values[1])
    }

    var description: String { "\(Int(size.width))x\(Int(size.height))" }
}

/// `top,left,bottom,right`, each a length a layout takes.
struct InsetsArgument {
    let insets: EdgeInsets

    init(_ insets: EdgeInsets) {
        self.insets = insets
    }

    init(parsing text: String) throws(ArgumentReason) {
        let values = try numbers(
            in: text, separator: ",", form: "top,left,bottom,right", names: ["top", "left", "bottom", "right"],
            rule: "each side must be finite, not negative and at most \(Size.maximumLength)",
            isValid: Size.isValidLength)
        insets = EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }
}

/// `x,y,width,height`, finite numbers; a negative width or height reaches left or up, as a `CGRect`'s does.
public struct RectArgument {
    public let rect: Rect

    init(parsing text: String) throws(ArgumentReason) {
        let values = try numbers(
            in: text, separator: ",", form: "x,y,width,height", names: ["x", "y", "width", "height"],
            rule: "x, y, width and height must be finite numbers", isValid: \.isFinite)
        rect = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// The rect, or `nil` for text that is none (what the fuzzer feeds).
    public init?(argument: String) {
        guard let parsed = try? RectArgument(parsing: argument) else { return nil }
        self = parsed
    }
}

/// `x,y`, finite numbers.
struct PointArgument {
    let point: Point

    init(parsing text: String) throws(ArgumentReason) {
        let values = try numbers(
            in: text, separator: ",", form: "x,y", names: ["x", "y"], rule: "x and y must be finite numbers",
            isValid: \.isFinite)
        point = Point(x: values[0], y: values[1])
    }
}

/// An item count: `10000`, `10_000`, `10k` or `1M`.
struct CountArgument: CustomStringConvertible {
    let count: Int

    init(_ count: Int) {
        self.count = count
    }

    init(parsing argument: String) throws(ArgumentReason) {
        var text = argument.replacingOccurrences(of: "_", with: "").lowercased()
        var scale = 1
        if text.hasSuffix("k") {
            scale = 1_000
            text.removeLast()
        } else if text.hasSuffix("m") {
            scale = 1_000_000
            text.removeLast()
        }
        let tooLarge = ArgumentReason("\(argument) is more than the \(Int.max) a count can be")
        guard let value = Int(text) else {
            if !text.isEmpty, text.allSatisfy({ ("0"..."9").contains($0) }) { throw tooLarge }
            throw ArgumentReason(
                "'\(argument)' is not a count: give a whole number, k and M suffixes allowed (10k, 1M)")
        }
        guard value >= 0 else { throw ArgumentReason("a count cannot be negative") }
        let (count, overflow) = value.multipliedReportingOverflow(by: scale)
        guard !overflow else { throw tooLarge }
        self.count = count
    }

    var description: String { "\(count)" }
}

/// A comma-separated list of counts, e.g. `--items 10k,100k,1M`.
struct CountListArgument: CustomStringConvertible {
    let counts: [Int]

    init(_ counts: [Int]) {
        self.counts = counts
    }

    init(parsing text: String) throws(ArgumentReason) {
        var counts: [Int] = []
        for entry in try listEntries(text, of: "count") {
            let count = try CountArgument(parsing: entry).count
            // As `1k,1000`: the same count twice, written two ways.
            guard !counts.contains(count) else {
                throw ArgumentReason("the count \(count.formatted()) is named twice: each would be measured twice")
            }
            counts.append(count)
        }
        self.counts = counts
    }

    var description: String { counts.map { "\($0)" }.joined(separator: ",") }
}

/// A seed: any 64-bit unsigned number.
func parseSeed(_ text: String) throws(ArgumentReason) -> UInt64 {
    guard let seed = UInt64(text) else { throw ArgumentReason("a seed is a whole number from 0 to \(UInt64.max)") }
    return seed
}

/// The entries of a comma-separated list: the one rule every list option keeps. At least one entry, none empty
/// (`1,,2` and `2k,` are typos, not shorter lists) and none named twice (it would be measured twice).
func listEntries(_ text: String, of noun: String) throws(ArgumentReason) -> [String] {
    let entries = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard entries.contains(where: { !$0.isEmpty }) else { throw ArgumentReason("no \(noun) named in '\(text)'") }
    guard !entries.contains("") else {
        throw ArgumentReason("'\(text)' has an empty entry: name each \(noun) between two commas")
    }
    if let twice = entries.first(where: { entry in entries.filter { $0 == entry }.count > 1 }) {
        throw ArgumentReason("the \(noun) '\(twice)' is named twice")
    }
    return entries
}

/// Parses a comma-separated list of ids, or `all`; an unknown id is answered with the valid ones.
func parseIDs<ID: CaseIterable & RawRepresentable & Equatable>(_ text: String, option: String) throws -> [ID]
where ID.RawValue == String {
    try parseIDs(text, option: option, valid: Array(ID.allCases))
}

/// Parses a comma-separated list of the `valid` ids, or `all` of them.
func parseIDs<ID: RawRepresentable & Equatable>(_ text: String, option: String, valid: [ID]) throws -> [ID]
where ID.RawValue == String {
    if text == "all" { return valid }
    // An empty list would run nothing and report success; a name twice would run it twice.
    let names: [String]
    do throws(ArgumentReason) {
        names = try listEntries(text, of: option)
    } catch {
        throw ValidationError(error.description)
    }
    return try names.map { name in
        guard let id = valid.first(where: { $0.rawValue == name }) else {
            let known = valid.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("unknown \(option) '\(name)'; valid: \(known), or all")
        }
        return id
    }
}
