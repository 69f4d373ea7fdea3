import Tessera
import Testing

/// Sections of one cell size stack their cells in integers when every length is whole (`WholePointStack`), and in
/// `Double` otherwise; the same cells listed one by one always take `Double`. Both must give the same frames, bit
/// for bit, whatever the lengths.
@Suite("Whole-point stacking")
struct WholePointStackTests {
    /// Collects every frame written, in order.
    struct FrameList: LayoutWriter {
        var frames: [Rect] = []
        mutating func beginSection(origin: Point) {}
        mutating func append(_ kind: ElementKind, frame: Rect) { frames.append(frame) }
        mutating func endSection() {}
    }

    static func frames(_ sections: [LayoutSection], _ configuration: StickyParallaxLayout.Configuration) throws
        -> [Rect]
    {
        var writer = FrameList()
        _ = try StickyParallaxLayout(sections: sections, configuration: configuration).write(
            into: &writer, viewport: Size(width: 390, height: 844))
        return writer.frames
    }

    static func bits(_ frame: Rect) -> [UInt64] {
        [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map(\.bitPattern)
    }

    @Test(
        "uniform sections give the frames of the same cells listed one by one",
        arguments: [
            // (cell height, line spacing, section header height, cells a section)
            (200.0, 3.0, 50.0, 1_000),  // whole: the integer path
            (200.0, 3.0, 50.5, 1_000),  // a fractional start
            (200.0, 0.7, 50.0, 1_000),  // a fractional spacing
            (37.3, 3.0, 50.0, 1_000),  // a fractional height
            (0.0, 0.0, 0.0, 7),  // nothing but zeros
            (200.0, -0.0, 50.0, 10),  // -0, which integers cannot carry
            (1e12, 1e12, 50.0, 2_000),  // whole, and under 2⁵² at the end
            (1e12, 1e12, 50.0, 3_000),  // past 2⁵²: back to Double
        ])
    func uniformMatchesListed(_ shape: (height: Double, spacing: Double, header: Double, count: Int)) throws {
        var configuration = StickyParallaxLayout.Configuration()
        configuration.cellHeight = shape.height
        configuration.minimumLineSpacing = shape.spacing
        configuration.sectionHeaderHeight = shape.header
        let size = Size(width: 390, height: shape.height)
        let counts = [shape.count, 3, 0, shape.count]
        let uniform = try Self.frames(counts.map { LayoutSection(itemSizes: .uniform(size, count: $0)) }, configuration)
        let listed = try Self.frames(
            counts.map { LayoutSection(itemSizes: .list(Array(repeating: size, count: $0))) }, configuration)
        try #require(uniform.count == listed.count)
        let firstDifference = uniform.indices.first { Self.bits(uniform[$0]) != Self.bits(listed[$0]) }
        #expect(
            firstDifference == nil,
            "frame \(firstDifference ?? 0): \(firstDifference.map { uniform[$0] }.debugDescription) against \(firstDifference.map { listed[$0] }.debugDescription)"
        )
    }
}
