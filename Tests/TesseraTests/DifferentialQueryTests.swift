import Tessera
import TesseraBaselines
import TesseraOracle
import Testing

/// Every query strategy must return exactly the elements `BruteForceIndex` returns, which must be exactly the
/// elements a direct filter over every written frame with `Rect.intersects` finds. Checked over seeded random
/// flow layouts and seeded random rects plus the awkward ones: empty, outside, covering, inverted, infinite, and
/// rects whose edges coincide with element edges.
@Suite("Differential queries")
struct DifferentialQueryTests {
    static let blockSizes = [1, 2, 16, 64]

    /// Every layout prepared once, with every strategy.
    struct Contestants {
        let oracle: RecordingWriter
        let oracleContentSize: Size
        let brute: CollectionLayout<FlowLayout, BruteForceIndex>
        let soa: [CollectionLayout<FlowLayout, SoABinarySearchIndex>]
        let naive: NaiveDictionaryLayout<FlowLayout>

        init(_ algorithm: FlowLayout, viewport: Size) throws {
            (oracle, oracleContentSize) = record(algorithm, viewport: viewport)
            var brute = CollectionLayout<FlowLayout, BruteForceIndex>(algorithm)
            try brute.prepare(viewport: viewport)
            self.brute = brute
            soa = try DifferentialQueryTests.blockSizes.map { blockSize in
                var layout = CollectionLayout(algorithm, index: try SoABinarySearchIndex(blockSize: blockSize))
                try layout.prepare(viewport: viewport)
                return layout
            }
            naive = NaiveDictionaryLayout(algorithm)
            try naive.prepare(viewport: viewport)
        }

        /// Disagreements about the store itself: order, identities, frames and content size.
        func storeMismatches() -> [String] {
            var problems: [String] = []
            if brute.contentSize != oracleContentSize || naive.contentSize != oracleContentSize {
                problems.append(
                    "content size: oracle \(oracleContentSize), engine \(brute.contentSize), naive \(naive.contentSize)"
                )
            }
            if brute.store.count != oracle.elements.count {
                problems.append("store holds \(brute.store.count) elements, the layout wrote \(oracle.elements.count)")
                return problems
            }
            return problems + storeDifferences(brute, written: oracle)
        }

        /// Disagreements about one rect, as readable lines (empty when every strategy agrees).
        func mismatches(for rect: Rect, buffer: inout VisibleElements) throws -> [String] {
            var problems: [String] = []
            let expected = oracle.hits(in: rect)
            let bruteIndices: [Int]
            do {
                try brute.attributes(in: rect, into: &buffer)
                bruteIndices = Array(buffer.indices)
            }
            let bruteHits = bruteIndices.map {
                Hit(brute.attributes(ofElement: $0).id, brute.attributes(ofElement: $0).frame)
            }
            if bruteIndices != bruteIndices.sorted() || Set(bruteIndices).count != bruteIndices.count {
                problems.append("brute force: indices not strictly ascending")
            }
            if Set(bruteHits) != expected || bruteHits.count != expected.count {
                let extra = Set(bruteHits).subtracting(expected).prefix(3)
                let missing = expected.subtracting(bruteHits).prefix(3)
                problems.append(
                    "brute force vs direct filter: \(bruteHits.count) vs \(expected.count); extra \(Array(extra)), missing \(Array(missing))"
                )
            }
            for (blockSize, layout) in zip(DifferentialQueryTests.blockSizes, soa) {
                try layout.attributes(in: rect, into: &buffer)
                if Array(buffer.indices) != bruteIndices {
                    let got = Set(buffer.indices)
                    let want = Set(bruteIndices)
                    problems.append(
                        "soa(blockSize \(blockSize)): \(buffer.count) vs \(bruteIndices.count); "
                            + "missing \(Array(want.subtracting(got).sorted().prefix(5))), extra \(Array(got.subtracting(want).sorted().prefix(5)))"
                    )
                }
            }
            let naive = naiveHits(self.naive, in: rect)
            if Set(naive) != expected || naive.count != expected.count {
                let extra = Set(naive).subtracting(expected).prefix(3)
                let missing = expected.subtracting(naive).prefix(3)
                problems.append(
                    "naive-dictionary: \(naive.count) vs \(expected.count); extra \(Array(extra)), missing \(Array(missing))"
                )
            }
            return problems.map { "rect \(rect): \($0)" }
        }
    }

    /// A rect named along the scroll axis (`scroll` is y for vertical layouts, x for horizontal ones).
    static func axisRect(vertical: Bool, scroll: Double, scrollLength: Double, cross: Double, crossLength: Double)
        -> Rect
    {
        vertical
            ? Rect(x: cross, y: scroll, width: crossLength, height: scrollLength)
            : Rect(x: scroll, y: cross, width: scrollLength, height: crossLength)
    }

    /// Seeded random rects plus the awkward ones, for a layout of `contentSize` whose elements are `elements`.
    static func rects(
        seed: UInt64, vertical: Bool, contentSize: Size, viewport: Size, elements: [Rect], randomCount: Int = 40
    ) -> [Rect] {
        var rng = SplitMix64(seed: seed ^ 0xA5A5_A5A5)
        // Layouts whose frames overflow (or are NaN) still get finite random rects.
        func finite(_ value: Double) -> Double { value.isFinite ? min(value, 1e12) : 1e6 }
        let contentSize = Size(width: finite(contentSize.width), height: finite(contentSize.height))
        let elements = elements.filter {
            [$0.minX, $0.minY, $0.maxX, $0.maxY, $0.width, $0.height].allSatisfy(\.isFinite)
        }
        let length = vertical ? contentSize.height : contentSize.width
        let cross = vertical ? contentSize.width : contentSize.height
        let window = max(vertical ? viewport.height : viewport.width, 1)
        func rect(_ scroll: Double, _ scrollLength: Double, _ crossStart: Double, _ crossLength: Double) -> Rect {
            axisRect(
                vertical: vertical, scroll: scroll, scrollLength: scrollLength, cross: crossStart,
                crossLength: crossLength)
        }
        var rects: [Rect] = [
            .zero,
            rect(length / 2, 0, cross / 2, 0),  // an empty rect in the middle of the content
            rect(length + 1, window, 0, cross),  // past the end
            rect(-window - 1, window, 0, cross),  // before the start
            rect(0, length, cross + 1, 100),  // beside the content
            Rect(x: -1, y: -1, width: contentSize.width + 2, height: contentSize.height + 2),  // everything
            Rect(x: 0, y: 0, width: contentSize.width, height: contentSize.height),  // exactly the content
            Rect(
                x: contentSize.width + 1, y: contentSize.height + 1, width: -contentSize.width - 2,
                height: -contentSize.height - 2),  // everything, inverted
            Rect(x: 0, y: 0, width: .infinity, height: .infinity),
            Rect(x: contentSize.width / 2, y: contentSize.height / 2, width: -.infinity, height: -.infinity),
            rect(length / 3, .infinity, -1e13, .infinity),
            .infinite,
            Rect(x: -.infinity, y: -.infinity, width: 100, height: 100),  // both edges at −∞: covers nothing
            Rect(
                x: .greatestFiniteMagnitude, y: .greatestFiniteMagnitude, width: -.greatestFiniteMagnitude,
                height: -.greatestFiniteMagnitude),
        ]
        for _ in 0..<randomCount {
            switch rng.int(0...3) {
            case 0:  // a viewport at a random scroll offset, as a scroll would ask
                rects.append(rect(rng.length(-window...(length + window)), window, 0, cross))
            case 1:  // a small rect anywhere, sometimes given with a negative size
                let r = rect(
                    rng.length(-50...(length + 50)), rng.length(0...200), rng.length(-50...(cross + 50)),
                    rng.length(0...200))
                rects.append(rng.chance(0.3) ? Rect(x: r.maxX, y: r.maxY, width: -r.width, height: -r.height) : r)
            case 2:  // a thin band across the content
                rects.append(rect(rng.length(0...max(length, 1)), rng.length(0...2), -10, cross + 20))
            default:  // a long band along the content
                rects.append(rect(-10, length + 20, rng.length(0...max(cross, 1)), rng.length(0...5)))
            }
        }
        // Rects whose edges coincide exactly with element edges: only strict overlap counts.
        for _ in 0..<(elements.isEmpty ? 0 : 12) {
            let e = elements[rng.int(0...(elements.count - 1))]
            rects.append(e)
            rects.append(Rect(minX: e.minX, minY: e.maxY, maxX: e.maxX, maxY: e.maxY + 30))  // just below
            rects.append(Rect(minX: e.minX, minY: e.minY - 30, maxX: e.maxX, maxY: e.minY))  // just above
            rects.append(Rect(minX: e.maxX, minY: e.minY, maxX: e.maxX + 30, maxY: e.maxY))  // just right
            rects.append(Rect(minX: e.minX - 30, minY: e.minY, maxX: e.minX, maxY: e.maxY))  // just left
            rects.append(Rect(minX: e.maxX, minY: e.maxY, maxX: e.maxX, maxY: e.maxY))  // its corner, empty
            rects.append(Rect(minX: e.midX, minY: e.midY, maxX: e.midX, maxY: e.midY))  // its centre, empty
            rects.append(
                Rect(
                    minX: -.greatestFiniteMagnitude, minY: e.maxY, maxX: .greatestFiniteMagnitude, maxY: e.maxY + window
                ))  // a scroll from its end
            // Inverted, touching it at a corner.
            rects.append(Rect(x: e.minX, y: e.minY, width: -e.width, height: -e.height))
        }
        return rects
    }

    static func check(_ algorithm: FlowLayout, viewport: Size, seed: UInt64, label: String) throws {
        let contestants = try Contestants(algorithm, viewport: viewport)
        let storeProblems = contestants.storeMismatches()
        #expect(
            storeProblems.isEmpty,
            "\(label): \(storeProblems.count) store mismatches, first: \(storeProblems.prefix(5))")
        let rects = rects(
            seed: seed, vertical: algorithm.scrollAxis == .vertical, contentSize: contestants.oracleContentSize,
            viewport: viewport, elements: contestants.oracle.elements.map(\.frame)
        )
        var buffer = VisibleElements()
        var problems: [String] = []
        for rect in rects {
            problems += try contestants.mismatches(for: rect, buffer: &buffer)
        }
        #expect(
            problems.isEmpty,
            "\(label): \(problems.count) mismatches over \(rects.count) rects, first: \(problems.prefix(5))")
    }

    @Test(
        "random flow layouts: every strategy agrees with brute force and the direct filter",
        arguments: 0..<40 as Range<UInt64>)
    func randomLayouts(seed: UInt64) throws {
        let random = try RandomFlow(seed: seed)
        try Self.check(random.algorithm, viewport: random.viewport, seed: seed, label: random.description)
    }

    static let awkward: [(String, [LayoutSection], FlowLayout.Configuration, Size)] = [
        ("no sections", [], .init(), phone),
        ("zero items", [LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 0))], .init(), phone),
        (
            "all-empty sections with headers and footers",
            (0..<5).map { LayoutSection(itemSizes: .list([]), headerHeight: $0 % 2 == 0 ? 30 : nil, footerHeight: 20) },
            .init(sectionInset: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5)), phone
        ),
        (
            "all-empty sections, nothing at all", Array(repeating: LayoutSection(itemSizes: .list([])), count: 5),
            .init(), phone
        ),
        (
            "zero-size items, zero spacing", [LayoutSection(itemSizes: .uniform(.zero, count: 300))],
            .init(minimumInteritemSpacing: 0, minimumLineSpacing: 0), phone
        ),
        (
            "zero-size items, zero viewport", [LayoutSection(itemSizes: .uniform(.zero, count: 300), headerHeight: 10)],
            .init(), .zero
        ),
        (
            "centred cells of mixed heights (unordered minY in layout order)",
            [LayoutSection(itemSizes: .list((0..<600).map { Size(width: 40, height: Double(($0 * 37) % 190 + 1)) }))],
            .init(alignment: .center), phone
        ),
        (
            "items taller than the viewport between short ones",
            [LayoutSection(itemSizes: .list((0..<400).map { Size(width: 90, height: $0 % 7 == 0 ? 2000 : 30) }))],
            .init(alignment: .top), phone
        ),
        (
            "items wider than the line, horizontal",
            [
                LayoutSection(
                    itemSizes: .list((0..<400).map { Size(width: 30, height: $0 % 5 == 0 ? 2000 : 40) }),
                    headerHeight: 50)
            ],
            .init(scrollDirection: .horizontal, alignment: .bottom), phone
        ),
        (
            "subnormal widths, no spacing",
            [LayoutSection(itemSizes: .uniform(Size(width: 0x1p-1060, height: 10), count: 50))],
            .init(minimumInteritemSpacing: 0), phone
        ),
        (
            "extents at the longest length a layout accepts",
            [
                LayoutSection(
                    itemSizes: .list([
                        Size(width: 10, height: Size.maximumLength), Size(width: 10, height: Size.maximumLength),
                        Size(width: 10, height: 5),
                    ]), headerHeight: Size.maximumLength)
            ],
            .init(), Size(width: 10, height: 844)
        ),
        (
            "insets wider than the viewport",
            [LayoutSection(itemSizes: .uniform(Size(width: 20, height: 20), count: 100))],
            .init(sectionInset: EdgeInsets(top: 0, left: 300, bottom: 0, right: 300)), phone
        ),
    ]

    @Test("awkward layouts: every strategy agrees", arguments: 0..<awkward.count)
    func awkwardLayouts(case index: Int) throws {
        let (label, sections, configuration, viewport) = Self.awkward[index]
        try Self.check(
            try FlowLayout(sections: sections, configuration: configuration), viewport: viewport, seed: UInt64(index),
            label: label)
    }
}
