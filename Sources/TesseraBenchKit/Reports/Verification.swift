/// How a strategy's answers compared with brute force on the checked frames of the trace.
package struct Verification: Codable, Hashable, Sendable {
    package var layout: LayoutID
    /// The shape checked (`BenchmarkResult.itemsPerSection`).
    package var itemsPerSection: Int?
    package var strategy: StrategyID
    package var elements: Int
    package var framesChecked: Int
    package var mismatchedFrames: Int
    /// Elements brute force returned that the strategy did not.
    package var missedElements: Int
    /// Elements the strategy returned that brute force did not, or with another frame.
    package var extraElements: Int

    package var isExact: Bool { mismatchedFrames == 0 }

    /// "flow · 1 a section · soa-binary-search at 1,000 elements: 3 of 64 frames differ": the check, for a line of
    /// any page that lists it.
    package var mismatchLine: String {
        "\(shapedLayout.name) · \(strategy.rawValue) at \(elements.formatted()) elements: "
            + "\(mismatchedFrames) of \(framesChecked) frames differ"
    }

    package var shapedLayout: ShapedLayout { ShapedLayout(layout, itemsPerSection: itemsPerSection) }

    package init(
        layout: LayoutID, strategy: StrategyID, elements: Int, framesChecked: Int, mismatchedFrames: Int,
        missedElements: Int,
        extraElements: Int
    ) {
        self.layout = layout
        self.strategy = strategy
        self.elements = elements
        self.framesChecked = framesChecked
        self.mismatchedFrames = mismatchedFrames
        self.missedElements = missedElements
        self.extraElements = extraElements
    }

    enum CodingKeys: String, CodingKey {
        case layout, itemsPerSection, strategy, elements, framesChecked, mismatchedFrames, missedElements, extraElements
    }

    /// Schema 2 named the element count after items.
    enum SchemaTwoKeys: String, CodingKey { case items }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        layout = try container.decode(LayoutID.self, forKey: .layout)
        itemsPerSection = try container.decodeIfPresent(Int.self, forKey: .itemsPerSection)
        strategy = try container.decode(StrategyID.self, forKey: .strategy)
        elements =
            try container.decodeIfPresent(Int.self, forKey: .elements)
            ?? decoder.container(keyedBy: SchemaTwoKeys.self).decode(Int.self, forKey: .items)
        framesChecked = try container.decode(Int.self, forKey: .framesChecked)
        mismatchedFrames = try container.decode(Int.self, forKey: .mismatchedFrames)
        missedElements = try container.decode(Int.self, forKey: .missedElements)
        extraElements = try container.decode(Int.self, forKey: .extraElements)
    }
}

extension Verification {
    /// Whether this check is of the strategy, layout and count `key` names (of any of the strategy's variants: its
    /// parameters, its allocator; of any shape when `key` names none).
    package func covers(_ key: BenchmarkResult.Key) -> Bool {
        key.layout.layout == layout && (key.layout.itemsPerSection ?? itemsPerSection) == itemsPerSection
            && key.elements == elements
            && (key.label == strategy.rawValue || key.label.hasPrefix(strategy.rawValue + " "))
    }
}

extension BenchmarkReport {
    /// Whether `result`'s strategy answered as brute force did on its layout, at every count checked (a result no
    /// check covers, as a side run's, counts as exact).
    package func isExact(_ result: BenchmarkResult) -> Bool {
        !verifications.contains { $0.layout == result.layout && $0.strategy == result.strategy && !$0.isExact }
    }

    /// The result's label as every format shows it: marked "(inexact)" when its answers differed from brute force.
    package func name(of result: BenchmarkResult) -> String {
        result.label + (isExact(result) ? "" : " (inexact)")
    }
}
