import Tessera

/// The parameters of every built-in layout, so one set of options can make any of them.
public struct LayoutParameters: Sendable {
    public var flow = FlowLayout.Configuration()
    public var waterfall = WaterfallLayout.Configuration()
    public var carousel = CarouselLayout.Configuration()
    public var stickyParallax = StickyParallaxLayout.Configuration()

    public init() {}

    /// What a run's workload line adds when its waterfall keeps stable columns: another layout of the same data, whose
    /// reports are not compared with the shortest-column rule's, and which `summary` names apart.
    package static let stableColumnsNote = "; waterfall columns stable"

    /// Makes `layout` over `sections` and hands it to `visitor` with its concrete type, so that everything the
    /// visitor runs is specialised for a built-in layout. Inlinable, so that it is specialised for the visitor in the
    /// caller's module: compiled here, a visitor of another module (`floors`, `native`) would run the engine's generic
    /// code unspecialised, three to four times slower than `run` times it. A registered layout is made by its
    /// registration and reaches the visitor unspecialised; what is timed on it comes specialised from its
    /// registration (`StrategyID.visit`).
    @inlinable
    public func make<Visitor: LayoutVisitor>(_ layout: LayoutID, sections: [LayoutSection], _ visitor: Visitor) throws
        -> Visitor.Result
    {
        let itemCount = sections.reduce(0) { $0 + $1.itemSizes.count }
        switch layout {
        case .flow: return try visitor.visit(FlowLayout(sections: sections, configuration: flow))
        case .waterfall: return try visitor.visit(WaterfallLayout(sections: sections, configuration: waterfall))
        case .mosaic: return try visitor.visit(MosaicLayout(itemCount: itemCount))
        case .carousel: return try visitor.visit(CarouselLayout(itemCount: itemCount, configuration: carousel))
        case .stickyParallax:
            return try visitor.visit(StickyParallaxLayout(sections: sections, configuration: stickyParallax))
        default: return try visitor.visit(try Self.registeredLayout(layout, sections: sections))
        }
    }

    /// The registered layout `layout` over `sections`.
    @usableFromInline static func registeredLayout(_ layout: LayoutID, sections: [LayoutSection]) throws
        -> any UpdatableLayout
    {
        guard let registered = LayoutCatalog.registered(layout) else { throw LayoutCatalog.Failure.unknown(layout) }
        return try registered.makeLayout(sections)
    }
}

/// Code to run with a layout of a concrete type: Swift has no generic closures, so this stands for one.
public protocol LayoutVisitor {
    associatedtype Result
    func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> Result
}
