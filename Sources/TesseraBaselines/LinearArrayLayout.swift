import Foundation
import Tessera

/// The Pinterest tutorial's design: one array of attributes objects in layout order, scanned in full per query.
public final class LinearArrayLayout<Algorithm: LayoutAlgorithm>: NaiveLayout {
    public var algorithm: Algorithm
    public private(set) var contentSize = Size.zero
    private var viewport = Size.zero
    private var cache: [NaiveLayoutAttributes] = []

    public init(_ algorithm: Algorithm) {
        self.algorithm = algorithm
    }

    public func prepare(viewport: Size) throws(LayoutError) {
        self.viewport = try validated(viewport, for: algorithm)
        cache.removeAll(keepingCapacity: true)
        var writer = ArrayWriter(cache: cache, factory: NaiveElementFactory(algorithm))
        cache = []
        contentSize = algorithm.write(into: &writer, viewport: viewport)
        cache = writer.cache
    }

    public func layoutAttributesForElements(in rect: Rect, contentOffset: Point) -> [NaiveLayoutAttributes] {
        let effects = NaiveEffects(algorithm: algorithm, rect: rect, offset: contentOffset, viewport: viewport)
        var visibleLayoutAttributes: [NaiveLayoutAttributes] = []
        for attributes in cache {
            effects.consider(attributes, into: &visibleLayoutAttributes, of: algorithm)
        }
        return visibleLayoutAttributes
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> NaiveLayoutAttributes? {
        cache.first { $0.elementKind == .cell && $0.indexPath == indexPath }
    }

    /// Appends every element's attributes in layout order.
    struct ArrayWriter: LayoutWriter {
        var cache: [NaiveLayoutAttributes]
        var factory: NaiveElementFactory<Algorithm>

        mutating func beginSection(origin: Point) {
            factory.beginSection(origin: origin)
        }

        mutating func append(_ kind: ElementKind, frame: Rect) {
            cache.append(factory.make(kind, frame: frame))
        }

        mutating func endSection() {}
    }
}
