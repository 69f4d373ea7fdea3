import Tessera
import Testing

/// The interval tree keeps its nodes in layout order when no start goes back `maximumDisplacement` places or more,
/// and sorts them by start otherwise; either way it answers exactly what brute force answers, in layout order.
@Suite("Interval tree order")
struct IntervalTreeOrderTests {
    /// One section of the frames given, in the order given.
    struct Frames: LayoutAlgorithm {
        var frames: [Rect]
        var scrollAxis: ScrollAxis { .vertical }
        var elementCount: Int { frames.count }
        var sectionCount: Int { 1 }

        func elementCount(inSection section: Int) -> Int { frames.count }

        func writeSection<Writer: LayoutWriter & ~Copyable>(_ section: Int, into writer: inout Writer, viewport: Size)
            -> Double
        {
            for frame in frames { writer.append(.cell, frame: frame) }
            return frames.map(\.maxY).max() ?? 0
        }

        func contentSize(length: Double, viewport: Size) -> Size {
            Size(width: viewport.width, height: length)
        }
    }

    static let viewport = Size(width: 390, height: 844)

    /// A column of 10-point rows, two cells a row, with the cells at `moved` written `back` places later than
    /// their row would put them.
    static func rows(count: Int, moved: [Int], back: Int) -> [Rect] {
        var frames = (0..<count).map { Rect(x: Double($0 % 2) * 195, y: Double($0 / 2) * 10, width: 195, height: 10) }
        for index in moved where index + back < count {
            let frame = frames.remove(at: index)
            frames.insert(frame, at: index + back)
        }
        return frames
    }

    /// The tree's answers against brute force over rects at every row edge and between them, and the tree's mode.
    static func check(_ frames: [Rect], leafLevel: Int = IntervalTreeIndex.defaultLeafLevel) throws -> (
        keepsLayoutOrder: Bool, mismatches: [String]
    ) {
        var brute = CollectionLayout(Frames(frames: frames), index: BruteForceIndex())
        try brute.prepare(viewport: viewport)
        // The frames are one chunk's: the tree is built over it and searched directly.
        return try brute.store.withChunks { chunks in
            let chunk = chunks[0]
            var tree = try IntervalTreeIndex(leafLevel: leafLevel)
            tree.build(over: chunk, axis: .vertical, viewport: viewport)
            var mismatches: [String] = []
            if let violation = tree.invariantViolation(over: chunk, axis: .vertical) { mismatches.append(violation) }
            var (expected, found) = (VisibleElements(), VisibleElements())
            let bottom = frames.map(\.maxY).max() ?? 0
            for top in stride(from: -5.0, through: bottom + 5, by: 5) {
                for height in [0.0, 5, 10, 35, 844] {
                    for (x, width) in [(0.0, 390.0), (200, 100)] {
                        let rect = Rect(x: x, y: top, width: width, height: height)
                        try brute.attributes(in: rect, into: &expected)
                        tree.elements(
                            meeting: AxisRect(rect, along: .vertical), in: chunk, axis: .vertical, into: &found)
                        if Array(found.indices) != Array(expected.indices) {
                            mismatches.append(
                                "\(rect): \(Array(found.indices)), brute force \(Array(expected.indices))")
                        }
                    }
                }
            }
            return (tree.keepsLayoutOrder, mismatches)
        }
    }

    @Test("a start moved back fewer than maximumDisplacement places keeps layout order; that many or more sorts")
    func displacementDecidesTheOrder() throws {
        let reach = IntervalTreeIndex.maximumDisplacement
        // Cell 11, the second of its row, written `back` places late: the `back` cells written before it, of the
        // rows below, start after it.
        for (back, keeps) in [(reach - 1, true), (reach, false), (reach + 1, false)] {
            let (keepsLayoutOrder, mismatches) = try Self.check(Self.rows(count: 200, moved: [11], back: back))
            #expect(keepsLayoutOrder == keeps, "moved back \(back)")
            #expect(mismatches == [], "moved back \(back)")
        }
    }

    @Test("layouts far from start order sort by start and still answer in layout order", arguments: [0, 1, 3, 5])
    func sortedLayoutsAnswerInLayoutOrder(leafLevel: Int) throws {
        let rows = Self.rows(count: 300, moved: [], back: 0)
        let shapes: [(String, [Rect])] = [
            ("reversed", rows.reversed()),
            ("backdrop written last", rows + [Rect(x: 0, y: 0, width: 390, height: 1_500)]),
            (
                "two columns one after the other",
                rows.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                    + rows.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            ),
            ("several moved far", Self.rows(count: 300, moved: [3, 50, 51, 120], back: 90)),
        ]
        for (name, frames) in shapes {
            let (keepsLayoutOrder, mismatches) = try Self.check(frames, leafLevel: leafLevel)
            #expect(!keepsLayoutOrder, "\(name)")
            #expect(mismatches == [], "\(name)")
        }
    }

    @Test("layouts near start order keep layout order and answer as brute force", arguments: [0, 1, 3, 5])
    func nearlySortedLayoutsKeepLayoutOrder(leafLevel: Int) throws {
        let shapes: [(String, [Rect])] = [
            ("rows", Self.rows(count: 300, moved: [], back: 0)),
            (
                "cells written 17 places late",
                Self.rows(count: 300, moved: Array(stride(from: 1, to: 280, by: 40)), back: 17)
            ),
            ("one cell", [Rect(x: 0, y: 10, width: 10, height: 10)]),
            (
                "a backdrop written first",
                [Rect(x: 0, y: 0, width: 390, height: 1_500)] + Self.rows(count: 300, moved: [], back: 0)
            ),
        ]
        for (name, frames) in shapes {
            let (keepsLayoutOrder, mismatches) = try Self.check(frames, leafLevel: leafLevel)
            #expect(keepsLayoutOrder, "\(name)")
            #expect(mismatches == [], "\(name)")
        }
    }
}
