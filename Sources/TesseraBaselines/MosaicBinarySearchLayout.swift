import Foundation
import Tessera

/// Apple's Mosaic sample, as written: attributes objects in layout order, a binary search for any element that
/// intersects the rect, then a walk back while `maxY ≥ rect.minY` and forward while `minY ≤ rect.maxY`, taking
/// every element it passes without testing it (along the scroll axis; the sample scrolls vertically).
///
/// It assumes frames sorted along the scroll axis. Where they are not (waterfall columns, the Mosaic's own
/// two-thirds/one-third segment, items taller than the viewport) it misses elements, and it takes elements that
/// only touch the rect: the benchmark reports both instead of hiding them.
public final class MosaicBinarySearchLayout<Algorithm: LayoutAlgorithm>: NaiveLayout {
    public var algorithm: Algorithm
    public private(set) var contentSize = Size.zero
    private var viewport = Size.zero
    private var cachedAttributes: [NaiveLayoutAttributes] = []

    public init(_ algorithm: Algorithm) {
        self.algorithm = algorithm
    }

    public func prepare(viewport: Size) throws(LayoutError) {
        self.viewport = try validated(viewport, for: algorithm)
        cachedAttributes.removeAll(keepingCapacity: true)
        var writer = LinearArrayLayout<Algorithm>.ArrayWriter(
            cache: cachedAttributes, factory: NaiveElementFactory(algorithm))
        cachedAttributes = []
        contentSize = algorithm.write(into: &writer, viewport: viewport)
        cachedAttributes = writer.cache
    }

    public func layoutAttributesForElements(in rect: Rect, contentOffset: Point) -> [NaiveLayoutAttributes] {
        let effects = NaiveEffects(algorithm: algorithm, rect: rect, offset: contentOffset, viewport: viewport)
        var attributesArray: [NaiveLayoutAttributes] = []
        guard let lastIndex = cachedAttributes.indices.last,
            let firstMatchIndex = binSearch(rect, start: 0, end: lastIndex)
        else {
            return attributesArray
        }
        let (rectMin, rectMax) = span(rect)
        for attributes in cachedAttributes[..<firstMatchIndex].reversed() {
            guard span(attributes.frame).max >= rectMin else { break }
            effects.consider(attributes, into: &attributesArray, of: algorithm, test: false)
        }
        for attributes in cachedAttributes[firstMatchIndex...] {
            guard span(attributes.frame).min <= rectMax else { break }
            effects.consider(attributes, into: &attributesArray, of: algorithm, test: false)
        }
        return attributesArray
    }

    /// The sample's recursive binary search for any element that intersects `rect`.
    func binSearch(_ rect: Rect, start: Int, end: Int) -> Int? {
        if end < start { return nil }
        let mid = (start + end) / 2
        let attr = cachedAttributes[mid]
        if attr.frame.intersects(rect) {
            return mid
        } else if span(attr.frame).max < span(rect).min {
            return binSearch(rect, start: mid + 1, end: end)
        } else {
            return binSearch(rect, start: start, end: mid - 1)
        }
    }

    /// A rect's extent along the scroll axis: y in the sample.
    private func span(_ rect: Rect) -> (min: Double, max: Double) {
        algorithm.scrollAxis == .vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    }
}
