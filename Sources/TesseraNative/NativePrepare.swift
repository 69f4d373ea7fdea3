import CNativeSearch
import Tessera
import TesseraBenchKit

/// The C port of a vertical flow's or a waterfall's warm prepare (`native_prepare.c`), over a copy of the layout's
/// sections: the `floors` candidate that says how far the Swift's prepare is from the same arithmetic written as
/// plain C would write it, into flat columns over the whole layout.
final class NativePrepare {
    private let layout: OpaquePointer
    /// Every listed size, width then height, in one buffer the C reads as the layout reads its sections' arrays.
    private let sizes: UnsafeMutablePointer<Double>

    /// The port of `algorithm`, when there is one: a vertical flow or a waterfall.
    static func port<Algorithm: LayoutAlgorithm>(of algorithm: Algorithm) throws -> NativePrepare? {
        if let flow = algorithm as? FlowLayout, flow.configuration.scrollDirection == .vertical {
            let configuration = flow.configuration
            let alignment: Int32 =
                switch configuration.alignment {
                case .top: 0
                case .center: 1
                case .bottom: 2
                }
            let inset = configuration.sectionInset
            let native = np_flow(
                interitem_spacing: configuration.minimumInteritemSpacing,
                line_spacing: configuration.minimumLineSpacing,
                inset_top: inset.top, inset_left: inset.left, inset_bottom: inset.bottom, inset_right: inset.right,
                alignment: alignment
            )
            return try NativePrepare(
                Array(flow.sections), header: { $0.headerHeight ?? 0 }, footer: { $0.footerHeight ?? 0 },
                create: { np_flow_create($0.count, $0.baseAddress, native) }
            )
        }
        if let waterfall = algorithm as? WaterfallLayout {
            let configuration = waterfall.configuration
            let native = np_waterfall(columns: configuration.columns, cell_padding: configuration.cellPadding)
            return try NativePrepare(
                Array(waterfall.sections), header: { $0.headerHeight ?? configuration.headerHeight },
                footer: { _ in 0 },
                create: { np_waterfall_create($0.count, $0.baseAddress, native) }
            )
        }
        return nil
    }

    /// Copies `sections`' sizes and hands their C descriptions to `create`.
    private init(
        _ sections: [LayoutSection], header: (LayoutSection) -> Double, footer: (LayoutSection) -> Double,
        create: (UnsafeBufferPointer<np_section>) -> OpaquePointer?
    ) throws {
        let listed = sections.reduce(0) { total, section in
            if case .list(let sizes) = section.itemSizes { return total + sizes.count }
            return total
        }
        let sizes = UnsafeMutablePointer<Double>.allocate(capacity: Swift.max(2 * listed, 1))
        var next = 0
        let native = sections.map { section in
            var native = np_section(
                count: section.itemSizes.count, sizes: nil, uniform_width: 0, uniform_height: 0,
                header: header(section), footer: footer(section)
            )
            switch section.itemSizes {
            case .uniform(let size, _):
                (native.uniform_width, native.uniform_height) = (size.width, size.height)
            case .list(let list):
                native.sizes = UnsafePointer(sizes + next)
                for size in list {
                    (sizes[next], sizes[next + 1]) = (size.width, size.height)
                    next += 2
                }
            }
            return native
        }
        guard let layout = native.withUnsafeBufferPointer(create) else {
            sizes.deallocate()
            throw PrepareFloors.Failure.outOfMemory
        }
        self.layout = layout
        self.sizes = sizes
    }

    deinit {
        np_free(layout)
        sizes.deallocate()
    }

    /// Lays every section out for `viewport`; returns the content's length.
    @discardableResult func prepare(viewport: Size) -> Double {
        np_prepare(layout, viewport.width)
    }

    /// The first element whose frame as handed out differs from `engine`'s by a bit, or the content's length,
    /// described; `nil` when they are the same.
    func difference<Algorithm: LayoutAlgorithm, Index: SpatialIndex>(
        from engine: CollectionLayout<Algorithm, Index>, length: Double
    ) -> String? {
        let store = engine.store
        guard np_count(layout) == store.count else { return "the element count, \(store.count) in the engine" }
        guard length.bitPattern == store.length.bitPattern else {
            return "the content's length, \(store.length) in the engine"
        }
        var frame = [Double](repeating: 0, count: 4)
        var reader = store.reader
        for element in 0..<store.count {
            np_frame(layout, element, &frame)
            let expected = reader.element(element).frame
            let same = zip(frame, [expected.origin.x, expected.origin.y, expected.size.width, expected.size.height])
                .allSatisfy { $0.bitPattern == $1.bitPattern }
            if !same { return "element \(element): \(frame) where the engine hands out \(expected)" }
        }
        return nil
    }
}
