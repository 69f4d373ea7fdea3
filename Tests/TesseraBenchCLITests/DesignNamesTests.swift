import Foundation
import Testing

/// docs/DESIGN.md names what exists: every type, member and function it puts in backticks is declared in the
/// package's Swift or C (a function with the argument labels it gives), and every file it names is in the repository.
/// What the design says of a renamed or removed symbol then fails here rather than drifting.
@Suite struct DesignNamesTests {
    /// Names from outside the package that the design mentions: the standard library's, Foundation's and UIKit's.
    static let external: Set<String> = [
        "Int", "Int32", "Int64", "Double", "IndexPath", "JSONDecoder", "JSONSerialization", "CGRect", "UIScrollView",
        "layoutAttributesForElements", "random",
    ]

    /// What the package declares: every name after a declaring keyword, and the argument labels of every function
    /// and initializer (`init` for the latter) as `a:b:` strings, all labels and only those without a default.
    struct Declarations {
        var names: Set<String> = []
        var labels: [String: Set<String>] = [:]
        var files: Set<String> = []

        init(repository root: URL) throws {
            var text = ""
            for folder in ["Sources", "Tests", "Benchmarks", "Examples", "Plugins", "scripts", "docs"] {
                let base = root.appendingPathComponent(folder)
                for path in FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? []
                where !path.contains(".build") {
                    files.formUnion(path.split(separator: "/").map(String.init))
                    if [".swift", ".c", ".h"].contains(where: path.hasSuffix) {
                        text += try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8) + "\n"
                    }
                }
            }
            files.formUnion((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            let whole = NSRange(text.startIndex..., in: text)
            func captures(_ pattern: String, _ body: ([String]) -> Void) throws {
                let expression = try NSRegularExpression(pattern: pattern)
                for match in expression.matches(in: text, range: whole) {
                    body(
                        (1..<match.numberOfRanges).map { index in
                            Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
                        })
                }
            }
            try captures(#"\b(?:struct|enum|class|protocol|typealias|actor|extension|func|var|let|case)\s+`?(\w+)"#) {
                names.insert($0[0])
            }
            try captures(#"\bcase\s+((?:\w+(?:\([^)]*\))?\s*,\s*)+\w+)"#) { found in
                for name in found[0].split(separator: ",") {
                    names.insert(String(name.split(separator: "(")[0]).trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
            // Parameters of one level of parentheses in their types (a tuple's), split at the commas outside them.
            try captures(#"\b(?:func\s+(\w+)|(init)[?!]?)\s*(?:<[^>{]*>)?\(((?:[^()]|\([^()]*\))*)\)"#) { found in
                let name = found[0].isEmpty ? found[1] : found[0]
                var depth = 0
                let parameters = found[2].split { character in
                    if "([<".contains(character) { depth += 1 } else if ")]>".contains(character) { depth -= 1 }
                    return character == "," && depth == 0
                }.map { parameter in
                    let words = parameter.split(separator: ":")[0].split(whereSeparator: \.isWhitespace)
                    return (
                        label: words.first { !$0.hasPrefix("@") }.map(String.init) ?? "_",
                        defaulted: parameter.contains("=")
                    )
                }
                let all = parameters.map { "\($0.label):" }.joined()
                let required = parameters.filter { !$0.defaulted }.map { "\($0.label):" }.joined()
                labels[name, default: []].formUnion([all, required])
            }
        }
    }

    @Test func everyNameInBackticksExists() throws {
        let design = try String(
            contentsOf: ExampleTests.repository.appendingPathComponent("docs/DESIGN.md"), encoding: .utf8)
        let declared = try Declarations(repository: ExampleTests.repository)
        let symbol = /([A-Z]\w*)((?:\.\w+)*)(?:\(([\w:]*)\))?/
        let function = /([a-z_]\w*)\(([\w:]*)\)/
        let file = /[\w+.-]+\.(?:swift|md|txt|json|h|c|yml|yaml)/
        /// Whether `name` is declared with `labels` (or takes none, when `labels` is empty).
        func hasLabels(_ name: String, _ labels: Substring) -> Bool {
            labels.isEmpty || declared.labels[name, default: []].contains(String(labels))
        }
        var missing: [String] = []
        for quoted in design.matches(of: /`([^`\n]+)`/).map({ String($0.output.1) }) where quoted.count > 1 {
            // A constant, macro or environment variable of C's or the shell's: not Swift's to declare.
            if quoted.allSatisfy({ $0.isUppercase || $0 == "_" || $0.isNumber }) { continue }
            if quoted.wholeMatch(of: file) != nil {
                if !declared.files.contains(quoted) { missing.append(quoted) }
            } else if let match = quoted.wholeMatch(of: symbol) {
                let names = [String(match.output.1)] + match.output.2.split(separator: ".").map(String.init)
                if Self.external.contains(names[0]) { continue }
                if let unknown = names.first(where: { !declared.names.contains($0) && $0 != "init" }) {
                    missing.append("\(quoted) (\(unknown))")
                } else if !hasLabels(names.count == 1 ? "init" : names.last!, match.output.3 ?? "") {
                    missing.append("\(quoted) (no such labels)")
                }
            } else if let match = quoted.wholeMatch(of: function) {
                let name = String(match.output.1)
                if Self.external.contains(name) { continue }
                if !declared.names.contains(name) && name != "init" {
                    missing.append(quoted)
                } else if !hasLabels(name, match.output.2) {
                    missing.append("\(quoted) (no such labels)")
                }
            }
        }
        #expect(missing.isEmpty, "docs/DESIGN.md names what the package does not declare: \(missing)")
    }
}
