/// The name a result has outside Tessera: in dashboards, exported series and the history. Stable across versions,
/// so a series keeps its name from one run to the next: `layout/strategy/operation/elements`, and
/// `/N-per-section` when the built-in workload shaped the layout's sections, as `flow/soa-binary-search/query/1000000`
/// or `flow/interval-tree/update-insert/2000000/1-per-section`.
///
/// A strategy measured with parameters or on another allocator than the run's adds them to its part, as
/// `soa-binary-search-block-size-32` or `naive-dictionary-glibc-malloc` (its report label in lower case, letters
/// and digits), so a variant never shares a series with the standard strategy.
package struct BenchmarkName: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var layout: String
    package var strategy: String
    package var operation: String
    package var elements: Int
    package var itemsPerSection: Int?

    /// - Parameter label: the strategy as reports label it (`BenchmarkResult.label`).
    package init(layout: ShapedLayout, label: String, operation: BenchmarkOperation, elements: Int) {
        self.init(layout: layout, label: label, operation: operation.rawValue, elements: elements)
    }

    /// - Parameter operation: what was measured, as an operation's name or another figure's (`shift-insert-above`).
    package init(layout: ShapedLayout, label: String, operation: String, elements: Int) {
        self.layout = layout.layout.rawValue
        self.itemsPerSection = layout.itemsPerSection
        self.strategy = Self.slug(label)
        self.operation = operation
        self.elements = elements
    }

    /// The name of a result of a run.
    package init(_ result: BenchmarkResult) {
        self.init(
            layout: result.shapedLayout, label: result.label, operation: result.operation, elements: result.elements)
    }

    /// Reads a name back from its description; `nil` for a string no result is named.
    package init?(_ description: String) {
        let parts = description.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 || parts.count == 5, parts[0...2].allSatisfy({ !$0.isEmpty }),
            let elements = Int(parts[3]), elements >= 0
        else { return nil }
        (layout, strategy, operation, self.elements) = (parts[0], parts[1], parts[2], elements)
        if parts.count == 5 {
            guard parts[4].hasSuffix("-per-section"), let items = Int(parts[4].dropLast("-per-section".count)),
                items > 0
            else { return nil }
            itemsPerSection = items
        }
    }

    /// Why the result at `place` cannot be exported or kept in a history under this name, or `nil`: a name that
    /// does not read back as itself (a layout with a `/`, a strategy label of no letter or digit), or one that an
    /// earlier result of `names` has (labels the slug makes alike, as `(32)` and `[32]`), which a dashboard and the
    /// history would take for one series. Adds the name to `names`.
    package func inconsistency(at place: String, among names: inout Set<BenchmarkName>) -> String? {
        guard BenchmarkName(description) == self else {
            return "\(place) is named \"\(self)\" outside Tessera, which does not read back as its name: a layout "
                + "holds no \"/\", and a strategy's label has a letter or a digit"
        }
        guard names.insert(self).inserted else {
            return "\(place) is named \"\(self)\" outside Tessera, as an earlier result is: each result's name is "
                + "its own"
        }
        return nil
    }

    package var description: String {
        "\(layout)/\(strategy)/\(operation)/\(elements)" + (itemsPerSection.map { "/\($0)-per-section" } ?? "")
    }

    package static func < (a: BenchmarkName, b: BenchmarkName) -> Bool { a.description < b.description }

    /// Lower case letters, digits, dots and single hyphens: "1,000 pages a viewport" is "1000-pages-a-viewport".
    static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber || character == "." {
                slug.append(character)
            } else if character == "," {
                continue  // a thousands separator
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        return slug.hasSuffix("-") ? String(slug.dropLast()) : slug
    }
}
