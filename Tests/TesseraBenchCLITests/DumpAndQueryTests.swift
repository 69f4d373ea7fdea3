import Foundation
import Testing

/// `dump` and `query` (docs/DESIGN.md section 6): one JSON object per line and element, `kind`, `section`,
/// `item`, `x`, `y`, `width`, `height`, `zIndex`, plus `alpha` and transform fields where a layout sets them;
/// `dump` in layout order, `query` only what the rect shows, the same whichever exact strategy answers.
@Suite struct DumpAndQueryTests {
    static let baseKeys: Set = ["kind", "section", "item", "x", "y", "width", "height", "zIndex"]
    static let effectKeys: Set = [
        "alpha", "scaleX", "scaleY", "translateX", "translateY", "translateZ", "parallaxOffset", "overlayAlpha",
    ]
    static let layoutsWithEffects: Set = ["carousel", "sticky-parallax"]

    /// Checks the fields of every line, and that effect fields appear exactly for the layouts with scroll effects.
    private func checkFields(_ objects: [[String: Any]], layout: String) {
        for object in objects {
            let keys = Set(object.keys)
            let expected =
                Self.layoutsWithEffects.contains(layout) ? Self.baseKeys.union(Self.effectKeys) : Self.baseKeys
            #expect(keys == expected, "\(layout): \(object)")
            #expect(object["kind"] is String)
            for key in ["section", "item", "zIndex"] {
                #expect(
                    (object[key] as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } == true,
                    "\(key) not an integer: \(object)")
            }
            for key in keys.subtracting(["kind"]) {
                let value = (object[key] as? NSNumber)?.doubleValue
                #expect(value?.isFinite == true, "\(key) not a finite number: \(object)")
            }
            #expect(((object["width"] as? NSNumber)?.doubleValue ?? -1) >= 0)
            #expect(((object["height"] as? NSNumber)?.doubleValue ?? -1) >= 0)
        }
    }

    // MARK: dump

    @Test(arguments: Bench.layouts)
    func dumpPrintsOneJSONObjectPerElement(_ layout: String) throws {
        let outcome = try Bench.run(["dump", "--layout", layout, "--items", "30"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        let objects = try Bench.jsonLines(outcome.standardOutput)
        checkFields(objects, layout: layout)
        let cells = try objects.map { try Element($0) }.filter { $0.kind == "cell" }
        #expect(cells.count == 30)
        #expect(cells.map(\.item) == Array(0..<30), "cells in item order")
    }

    @Test func flowDumpIsInLayoutOrderWithoutEffectFields() throws {
        let outcome = try Bench.run(["dump", "--layout", "flow", "--items", "25", "--items-per-section", "10"])
        #expect(outcome.status == 0, "\(outcome)")
        let objects = try Bench.jsonLines(outcome.standardOutput)
        checkFields(objects, layout: "flow")
        #expect(objects.allSatisfy { $0["alpha"] == nil && $0["translateY"] == nil })
        let elements = try objects.map { try Element($0) }
        #expect(Set(elements.map(\.kind)) == ["header", "cell", "footer"])
        // Section by section: its header, its cells in item order, its footer.
        var expected: [String] = []
        for (section, count) in [(0, 10), (1, 10), (2, 5)] {
            expected.append("header \(section).0")
            expected += (0..<count).map { "cell \(section).\($0)" }
            expected.append("footer \(section).0")
        }
        #expect(elements.map { "\($0.kind) \($0.section).\($0.item)" } == expected)
        // Laid out downwards: each section starts below the one before.
        let headers = elements.filter { $0.kind == "header" }
        #expect(zip(headers, headers.dropFirst()).allSatisfy { $0.y < $1.y })
    }

    @Test func stickyParallaxDumpHasItsCustomKindsAndEffectFields() throws {
        let outcome = try Bench.run(["dump", "--layout", "sticky-parallax", "--items", "20"])
        #expect(outcome.status == 0, "\(outcome)")
        let objects = try Bench.jsonLines(outcome.standardOutput)
        checkFields(objects, layout: "sticky-parallax")
        let kinds = objects.compactMap { $0["kind"] as? String }
        #expect(kinds.contains("top-header"))
        #expect(kinds.contains("menu"))
        #expect(
            Array(kinds.prefix(2)) == ["top-header", "menu"], "the top header, then the menu, lead the layout order")
        #expect(kinds.filter { $0 == "cell" }.count == 20)
        #expect(objects.allSatisfy { object in Self.effectKeys.allSatisfy { object[$0] != nil } })
        // The parallax is an effect the layout sets: some cell has a non-zero offset.
        #expect(objects.contains { ($0["parallaxOffset"] as? NSNumber)?.doubleValue ?? 0 != 0 })
    }

    /// `--offset` is the content offset the effects use: scrolled down, the menu is pinned to the top of the
    /// viewport by its translation.
    @Test func dumpOffsetDrivesTheEffects() throws {
        let still = try Bench.run(["dump", "--layout", "sticky-parallax", "--items", "20"])
        let scrolled = try Bench.run(["dump", "--layout", "sticky-parallax", "--items", "20", "--offset", "0,1000"])
        #expect(still.status == 0 && scrolled.status == 0, "\(scrolled)")
        let menuStill = try #require(
            try Bench.jsonLines(still.standardOutput).map { try Element($0) }.first { $0.kind == "menu" })
        let menu = try #require(
            try Bench.jsonLines(scrolled.standardOutput).map { try Element($0) }.first { $0.kind == "menu" })
        #expect(menuStill.translateY == 0)
        #expect(menu.y + menu.translateY == 1000, "\(menu)")
        #expect(menu.y == menuStill.y, "the frame stays; the translation pins it")
    }

    @Test func dumpIsDeterministicForASeed() throws {
        let first = try Bench.run(["dump", "--items", "50", "--seed", "7"])
        let again = try Bench.run(["dump", "--items", "50", "--seed", "7"])
        let other = try Bench.run(["dump", "--items", "50", "--seed", "8"])
        #expect(first.status == 0)
        #expect(first.standardOutput == again.standardOutput)
        #expect(first.standardOutput != other.standardOutput)
    }

    /// A workload of no items is refused by every command, `dump` too: it would show only empty sections.
    @Test func dumpOfNoItemsIsAUsageError() throws {
        for layout in Bench.layouts {
            let outcome = try Bench.run(["dump", "--layout", layout, "--items", "0"])
            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.standardError.contains("--items must be at least 1"), "\(outcome)")
            #expect(outcome.standardOutput.isEmpty, "\(outcome)")
        }
    }

    @Test func horizontalFlowGrowsAlongX() throws {
        let outcome = try Bench.run([
            "dump", "--items", "100", "--scroll-direction", "horizontal", "--sizing", "uniform",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let cells = try Bench.jsonLines(outcome.standardOutput).map { try Element($0) }.filter { $0.kind == "cell" }
        #expect(cells.count == 100)
        #expect(cells.allSatisfy { $0.width == 50 && $0.height == 50 })
        // Within a rounding error: justified spacing sums to 794.0000000000001 + 50 on the last row.
        #expect(
            cells.allSatisfy { $0.y + $0.height <= 844 + 1e-9 }, "a horizontal flow stays within the viewport's height")
        #expect((cells.last?.x ?? 0) > 390)
    }

    // MARK: query

    static let rects: [[Double]] = [
        [0, 0, 390, 844], [0, 1_000, 390, 300], [100, 2_500, 50, 50], [0, 5_000, 390, 1], [200, 0, 1, 100_000],
    ]

    private func query(
        _ layout: String, _ rect: [Double], strategy: String = "soa-binary-search", items: String = "300"
    ) throws -> Bench.Outcome {
        // `--rect=…`, so that a negative origin is read as a value (see NegativeNumberArgumentTests).
        let text = rect.map { String($0) }.joined(separator: ",")
        return try Bench.run(["query", "--layout", layout, "--items", items, "--strategy", strategy, "--rect=\(text)"])
    }

    /// Every printed element intersects the rect (strictly: touching edges do not count), and every element of the
    /// dump that does is printed, in the dump's order. For the layouts without scroll effects, whose frames do not
    /// depend on the offset.
    @Test(arguments: ["flow", "waterfall", "mosaic"])
    func queryPrintsExactlyTheElementsInTheRect(_ layout: String) throws {
        let dump = try Bench.run(["dump", "--layout", layout, "--items", "300"])
        #expect(dump.status == 0)
        let dumpLines = dump.stdoutLines
        let all = try Bench.jsonLines(dump.standardOutput).map { try Element($0) }
        for rect in Self.rects {
            let outcome = try query(layout, rect)
            #expect(outcome.status == 0, "\(outcome)")
            let printed = try Bench.jsonLines(outcome.standardOutput).map { try Element($0) }
            for element in printed {
                #expect(
                    element.intersects(x: rect[0], y: rect[1], width: rect[2], height: rect[3]),
                    "\(element) is outside \(rect)")
            }
            let expected = zip(dumpLines, all).filter {
                $1.intersects(x: rect[0], y: rect[1], width: rect[2], height: rect[3])
            }.map(\.0)
            #expect(outcome.stdoutLines == expected, "\(layout) \(rect)")
        }
    }

    /// For layouts with effects, the printed frame moved by the printed translation intersects the rect (a pinned
    /// menu sits where the offset puts it).
    @Test(arguments: ["carousel", "sticky-parallax"])
    func queryWithEffectsPrintsOnlyElementsInTheRect(_ layout: String) throws {
        let rects: [[Double]] =
            layout == "carousel" ? [[0, 0, 390, 844], [1_000, 0, 390, 844], [5_000, 300, 100, 100]] : Self.rects
        for rect in rects {
            let outcome = try query(layout, rect)
            #expect(outcome.status == 0, "\(outcome)")
            let objects = try Bench.jsonLines(outcome.standardOutput)
            checkFields(objects, layout: layout)
            #expect(!objects.isEmpty, "\(layout) \(rect) shows something")
            for element in try objects.map({ try Element($0) }) {
                #expect(
                    element.intersects(x: rect[0], y: rect[1], width: rect[2], height: rect[3]),
                    "\(element) is outside \(rect)")
            }
        }
    }

    @Test func queryOutsideTheContentPrintsNothing() throws {
        for rect in [[0.0, 1e9, 390, 844], [-1_000, 0, 500, 844], [0, 0, 0, 844]] {
            let outcome = try query("flow", rect)
            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.standardOutput.isEmpty, "\(outcome)")
        }
    }

    /// Every exact strategy prints the same elements as the engine's default; `mosaic-binary-search` (Apple's
    /// sample, known to be inexact) is allowed to differ but must still run.
    @Test(arguments: Bench.layouts)
    func everyExactStrategyPrintsTheSameElements(_ layout: String) throws {
        let rects: [[Double]] =
            layout == "carousel"
            ? [[0, 0, 390, 844], [2_000, 100, 700, 400]]
            : [[0, 0, 390, 844], [0, 3_000, 390, 844], [120, 7_000, 100, 2_000]]
        for rect in rects {
            let reference = try query(layout, rect, items: "2k")
            #expect(reference.status == 0, "\(reference)")
            #expect(!reference.standardOutput.isEmpty, "\(layout) \(rect) shows something")
            for strategy in Bench.exactStrategies where strategy != "soa-binary-search" {
                let outcome = try query(layout, rect, strategy: strategy, items: "2k")
                #expect(outcome.status == 0, "\(outcome)")
                #expect(
                    outcome.standardOutput == reference.standardOutput,
                    "\(strategy) differs from soa-binary-search on \(layout) \(rect)")
            }
            let mosaic = try query(layout, rect, strategy: "mosaic-binary-search", items: "2k")
            #expect(mosaic.status == 0, "\(mosaic)")
            _ = try Bench.jsonLines(mosaic.standardOutput)
        }
    }

    /// `--offset` defaults to the rect's origin; given, it drives the effects and not which elements are chosen
    /// for a layout whose elements do not move.
    @Test func queryOffsetChangesEffectsOnly() throws {
        let atOrigin = try Bench.run(["query", "--layout", "carousel", "--items", "20", "--rect", "0,0,1000,844"])
        let moved = try Bench.run([
            "query", "--layout", "carousel", "--items", "20", "--rect", "0,0,1000,844", "--offset", "300,0",
        ])
        #expect(atOrigin.status == 0 && moved.status == 0, "\(moved)")
        let before = try Bench.jsonLines(atOrigin.standardOutput)
        let after = try Bench.jsonLines(moved.standardOutput)
        #expect(before.map { $0["item"] as? Int } == after.map { $0["item"] as? Int })
        #expect(
            before.map { ($0["alpha"] as? NSNumber)?.doubleValue }
                != after.map { ($0["alpha"] as? NSNumber)?.doubleValue })
    }
}
