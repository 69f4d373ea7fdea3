import Foundation
import Tessera
import TesseraBaselines
import TesseraOracle
import Testing

// Shared helpers for the engine's tests: a seeded generator, an independent record of what a layout writes, and
// small builders for prepared layouts.

/// SplitMix64 (Steele, Lea, Flood 2014), the oracle's seeded generator, so every run sees the same random layouts.
typealias SplitMix64 = SeededGenerator

/// An element as the tests compare it: its identity and its frame, bit for bit (so that a NaN frame equals the
/// same NaN frame, and a frame that differs in the last bit of its width is a different frame).
struct Hit: Hashable, CustomStringConvertible {
    var id: ElementID
    var frame: Rect
    private var bits: [UInt64]

    init(_ id: ElementID, _ frame: Rect) {
        self.id = id
        self.frame = frame
        bits = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map(\.bitPattern)
    }

    static func == (a: Hit, b: Hit) -> Bool { a.id == b.id && a.bits == b.bits }

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(bits)
    }

    var description: String {
        "\(id.kind)(\(id.section),\(id.item)) at (\(frame.origin.x), \(frame.origin.y)) size \(frame.size.width) × \(frame.size.height)"
    }
}

/// A `LayoutWriter` that records every element as the algorithm hands it over, with the identity the
/// section/item counting gives it. It shares nothing with the store's chunks, so it is an independent oracle for
/// the store, the indexes and the baseline.
struct RecordingWriter: LayoutWriter {
    /// The scroll axis of the layout recorded: where a section's origin places its frames.
    let axis: ScrollAxis
    var elements: [(id: ElementID, frame: Rect)] = []
    private var section = -1
    private var item = 0
    private var origin = Point.zero

    init(axis: ScrollAxis) {
        self.axis = axis
    }

    mutating func beginSection(origin: Point) {
        self.origin = origin
        section += 1
        item = 0
    }

    /// Records the absolute frame: the relative frame placed at the section's origin, as every design hands out.
    mutating func append(_ kind: ElementKind, frame: Rect) {
        let frame = frame.placed(at: axis == .vertical ? origin.y : origin.x, along: axis)
        if kind == .cell {
            elements.append((.cell(section: section, item: item), frame))
            item += 1
        } else {
            elements.append((ElementID(kind: kind, section: section, item: 0), frame))
        }
    }

    mutating func endSection() {}

    /// Every recorded element whose frame intersects `rect`, by `Rect.intersects`: the direct filter.
    func hits(in rect: Rect) -> Set<Hit> {
        Set(elements.lazy.filter { $0.frame.intersects(rect) }.map { Hit($0.id, $0.frame) })
    }
}

/// Records what `algorithm` writes for `viewport`, and the content size it returns.
func record(_ algorithm: FlowLayout, viewport: Size) -> (writer: RecordingWriter, contentSize: Size) {
    var writer = RecordingWriter(axis: algorithm.scrollAxis)
    let contentSize = algorithm.write(into: &writer, viewport: viewport)
    return (writer, contentSize)
}

let phone = Size(width: 390, height: 844)

/// A prepared flow layout over the SoA index.
func preparedFlow(
    _ sections: [LayoutSection], _ configuration: FlowLayout.Configuration = .init(), viewport: Size = phone
) throws -> CollectionLayout<FlowLayout, SoABinarySearchIndex> {
    var layout = CollectionLayout(
        try FlowLayout(sections: sections, configuration: configuration), index: SoABinarySearchIndex())
    try layout.prepare(viewport: viewport)
    return layout
}

/// Every cell frame of `section`, in item order.
func cellFrames<Index>(_ layout: CollectionLayout<FlowLayout, Index>, section: Int) -> [Rect] {
    var frames: [Rect] = []
    var item = 0
    while let attributes = layout.attributesForItem(section: section, item: item) {
        frames.append(attributes.frame)
        item += 1
    }
    return frames
}

/// The frame of `section`'s header or footer (`kind`) in a prepared layout; nil when the section has none.
func supplementaryFrame<Algorithm, Index>(
    _ layout: CollectionLayout<Algorithm, Index>, _ kind: ElementKind, section: Int
) -> Rect? {
    layout.attributesForSupplementary(kind: kind, section: section)?.frame
}

extension LayoutSection {
    /// `count` items of 50 × 50 points, the section most hand-worked flow tests lay out.
    static func squares(_ count: Int, headerHeight: Double? = nil, footerHeight: Double? = nil) -> LayoutSection {
        LayoutSection(
            itemSizes: .uniform(Size(width: 50, height: 50), count: count), headerHeight: headerHeight,
            footerHeight: footerHeight)
    }
}

/// Where a prepared layout's store differs from what its algorithm wrote (`written`, as many elements), element by
/// element in layout order: identity and frame, bit for bit.
func storeDifferences<Algorithm, Index>(_ layout: CollectionLayout<Algorithm, Index>, written: RecordingWriter)
    -> [String]
{
    written.elements.enumerated().compactMap { index, element in
        let stored = layout.attributes(ofElement: index)
        let (got, want) = (Hit(stored.id, stored.frame), Hit(element.id, element.frame))
        return got == want ? nil : "element \(index): store \(got), written \(want)"
    }
}

/// The elements a prepared engine layout returns for `rect`, in the order it returns them.
func engineHits<Index>(_ layout: CollectionLayout<FlowLayout, Index>, in rect: Rect, buffer: inout VisibleElements)
    throws -> [Hit]
{
    try layout.attributes(in: rect, into: &buffer)
    return buffer.indices.map { index in
        let attributes = layout.attributes(ofElement: index)
        return Hit(attributes.id, attributes.frame)
    }
}

func naiveHits(_ layout: NaiveDictionaryLayout<FlowLayout>, in rect: Rect) -> [Hit] {
    layout.layoutAttributesForElements(in: rect, contentOffset: .zero).map { Hit($0.elementID, $0.frame) }
}

/// Runs `body` and returns the `LayoutError` it threw, or nil. (Closures do not infer typed throws yet, so this
/// takes any error and records an issue for one that is not a `LayoutError`.)
func layoutError(_ body: () throws -> Void) -> LayoutError? {
    do {
        try body()
        return nil
    } catch let error as LayoutError {
        return error
    } catch {
        Issue.record("expected a LayoutError, got \(error)")
        return nil
    }
}

/// Equality that counts NaN as equal to NaN, for errors that carry the offending value.
func same(_ a: Double, _ b: Double) -> Bool {
    (a.isNaN && b.isNaN) || a == b
}

func same(_ a: Size, _ b: Size) -> Bool {
    same(a.width, b.width) && same(a.height, b.height)
}

func same(_ a: Rect, _ b: Rect) -> Bool {
    same(a.origin.x, b.origin.x) && same(a.origin.y, b.origin.y) && same(a.size, b.size)
}
