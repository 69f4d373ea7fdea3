import ArgumentParser
import Tessera

/// `WIDTHxHEIGHT`, finite and not negative.
struct SizeArgument: ExpressibleByArgument {
    let size: Size

    init(_ size: Size) {
        self.size = size
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false).compactMap {
            Double($0)
        }
        guard parts.count == 2 else { return nil }
        let size = Size(width: parts[0], height: parts[1])
        guard size.isValidExtent else { return nil }
        self.size = size
    }

    var defaultValueDescription: String { "\(Int(size.width))x\(Int(size.height))" }
}

/// `top,left,bottom,right`.
struct InsetsArgument: ExpressibleByArgument {
    let insets: EdgeInsets

    init(_ insets: EdgeInsets) {
        self.insets = insets
    }

    init?(argument: String) {
        let parts = argument.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 4 else { return nil }
        insets = EdgeInsets(top: parts[0], left: parts[1], bottom: parts[2], right: parts[3])
    }

    var defaultValueDescription: String { "0,0,0,0" }
}

/// `x,y,width,height`, finite numbers.
public struct RectArgument: ExpressibleByArgument {
    public let rect: Rect

    public init?(argument: String) {
        guard let values = finiteNumbers(argument, count: 4) else { return nil }
        rect = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }
}

/// `x,y`, finite numbers.
struct PointArgument: ExpressibleByArgument {
    let point: Point

    init?(argument: String) {
        guard let values = finiteNumbers(argument, count: 2) else { return nil }
        point = Point(x: values[0], y: values[1])
    }
}

/// Exactly `count` comma-separated finite numbers, or `nil`.
private func finiteNumbers(_ text: String, count: Int) -> [Double]? {
    let values = text.split(separator: ",", omittingEmptySubsequences: false).compactMap {
        Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard values.count == count, values.allSatisfy(\.isFinite) else { return nil }
    return values
}

/// An item count: `10000`, `10_000`, `10k` or `1M`.
struct CountArgument: ExpressibleByArgument {
    let count: Int

    init(_ count: Int) {
        self.count = count
    }

    init?(argument: String) {
        var text = argument.replacingOccurrences(of: "_", with: "").lowercased()
        var scale = 1
        if text.hasSuffix("k") {
            scale = 1_000
            text.removeLast()
        } else if text.hasSuffix("m") {
            scale = 1_000_000
            text.removeLast()
        }
        guard let value = Int(text), value >= 0 else { return nil }
        let (count, overflow) = value.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        self.count = count
    }

    var defaultValueDescription: String { "\(count)" }
}

/// A comma-separated list of values of an argument type, e.g. `--items 10k,100k,1M`.
struct ListArgument<Element: ExpressibleByArgument>: ExpressibleByArgument {
    let elements: [Element]

    init(_ elements: [Element]) {
        self.elements = elements
    }

    init?(argument: String) {
        let elements = argument.split(separator: ",").map { Element(argument: String($0)) }
        guard !elements.isEmpty, elements.allSatisfy({ $0 != nil }) else { return nil }
        self.elements = elements.compactMap { $0 }
    }

    var defaultValueDescription: String { elements.map(\.defaultValueDescription).joined(separator: ",") }
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
    let names = text.split(separator: ",")
    // An empty list would run nothing and report success; a name twice would run it twice.
    guard !names.isEmpty else { throw ValidationError("no \(option) named in '\(text)'") }
    if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
        throw ValidationError("the \(option) '\(twice)' is named twice")
    }
    return try names.map { name in
        guard let id = valid.first(where: { $0.rawValue == name }) else {
            let known = valid.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("unknown \(option) '\(name)'; valid: \(known), or all")
        }
        return id
    }
}
