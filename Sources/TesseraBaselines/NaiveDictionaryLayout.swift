import Foundation
import Tessera

/// The design the stretchy/sticky/parallax tutorial teaches, for any layout: `prepare` creates one attributes
/// object per element into a `[kind: [IndexPath: attributes]]` cache, and every rect query scans the whole cache
/// into a reused array.
public final class NaiveDictionaryLayout<Algorithm: LayoutAlgorithm>: NaiveLayout {
    public var algorithm: Algorithm
    public private(set) var contentSize = Size.zero
    private var viewport = Size.zero
    private var cache: [ElementKind: [IndexPath: NaiveLayoutAttributes]] = [:]
    private var visibleLayoutAttributes: [NaiveLayoutAttributes] = []

    public init(_ algorithm: Algorithm) {
        self.algorithm = algorithm
    }

    public func prepare(viewport: Size) throws(LayoutError) {
        self.viewport = try validated(viewport, for: algorithm)
        cache.removeAll(keepingCapacity: true)
        var writer = CacheWriter(cache: cache, factory: NaiveElementFactory(algorithm))
        cache = [:]  // hand the writer the only reference, so it mutates in place
        contentSize = algorithm.write(into: &writer, viewport: viewport)
        cache = writer.cache
    }

    public func layoutAttributesForElements(in rect: Rect, contentOffset: Point) -> [NaiveLayoutAttributes] {
        let effects = NaiveEffects(algorithm: algorithm, rect: rect, offset: contentOffset, viewport: viewport)
        visibleLayoutAttributes.removeAll(keepingCapacity: true)
        for (_, elementInfos) in cache {
            for (_, attributes) in elementInfos {
                effects.consider(attributes, into: &visibleLayoutAttributes, of: algorithm)
            }
        }
        return visibleLayoutAttributes
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> NaiveLayoutAttributes? {
        cache[.cell]?[indexPath]
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
        -> NaiveLayoutAttributes?
    {
        cache[kind]?[indexPath]
    }

    /// Builds the cache as the tutorial's `prepare` does: a fresh attributes object per element.
    private struct CacheWriter: LayoutWriter {
        var cache: [ElementKind: [IndexPath: NaiveLayoutAttributes]]
        var factory: NaiveElementFactory<Algorithm>

        mutating func beginSection(origin: Point) {
            factory.beginSection(origin: origin)
        }

        mutating func append(_ kind: ElementKind, frame: Rect) {
            let attributes = factory.make(kind, frame: frame)
            cache[kind, default: [:]][attributes.indexPath] = attributes
        }

        mutating func endSection() {}
    }
}
