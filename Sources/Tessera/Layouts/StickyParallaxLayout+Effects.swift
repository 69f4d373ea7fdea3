// The layout's per-scroll side: z-order, each element's effect, and the query-side repair that adds the moving
// elements a rect shows although their layout frames lie elsewhere.
extension StickyParallaxLayout {
    /// Layout order, except that section headers are renumbered above every element and the menu above them all.
    @inlinable public func zIndex(of id: ElementID, at layoutIndex: Int) -> Int {
        switch id.kind {
        case .header: elementCount + id.section
        case .menu: elementCount + sections.count
        default: layoutIndex
        }
    }

    @inlinable public func effect(of id: ElementID, frame: Rect, offset: Point, viewport: Size) -> ScrollEffect {
        let settings = configuration
        switch id.kind {
        case .header where settings.areSectionHeadersSticky:
            // Pinned below the menu, until the section's last cell pushes it out.
            let limit = id.section < cellExtents.count ? cellExtents[id.section] : 0
            let menu = settings.isMenuSticky ? settings.menuHeight : 0
            return ScrollEffect(transform: ElementTransform(translateY: Swift.min(limit, Swift.max(0, offset.y - frame.minY + menu))))
        case .topHeader where settings.isHeaderStretchy:
            let height = settings.headerHeight
            let stretched = Swift.min(viewport.height, Swift.max(height, height - offset.y))
            let scale = stretched / height
            let translation = Swift.min(offset.y, height) + (stretched - height) / 2
            let overlay = settings.isHeaderOverlayActive ? Swift.min(settings.maxOverlayAlpha, offset.y / height) : 0
            return ScrollEffect(transform: ElementTransform(scaleX: scale, scaleY: scale, translateY: translation), overlayAlpha: overlay)
        case .menu where settings.isMenuSticky:
            return ScrollEffect(transform: ElementTransform(translateY: Swift.max(frame.minY, offset.y) - settings.headerHeight))
        case .cell where settings.isParallaxOnCellsEnabled:
            let halfHeight = viewport.height / 2
            let distance = frame.midY - offset.y - halfHeight
            let parallax = -settings.maxParallaxOffset * distance / (halfHeight + settings.cellHeight / 2)
            return ScrollEffect(parallaxOffset: Swift.min(Swift.max(-settings.maxParallaxOffset, parallax), settings.maxParallaxOffset))
        default:
            return .none
        }
    }

    /// The kinds whose effect moves them, so a query must select them by where they show.
    @inlinable static func moves(_ kind: ElementKind) -> Bool {
        kind == .header || kind == .topHeader || kind == .menu
    }

    /// Keeps the elements that still show in `rect` once moved, computes every effect, and adds the moving
    /// elements that show in `rect` although their layout frames do not: the top header, the menu, and the header
    /// of any section the rect overlaps (a header only moves within its own section).
    @inlinable public func applyEffects(
        to visible: inout VisibleElements, in rect: Rect, offset: Point, viewport: Size, store: LayoutStore
    ) {
        keepShownElements(of: &visible, in: rect, offset: offset, viewport: viewport, store: store, moves: Self.moves)
        guard store.sectionCount > 0 else { return }
        for index in store.elementRange(ofSection: 0).lowerBound..<store.cellRange(ofSection: 0).lowerBound
        where store.kind(at: index) == .topHeader || store.kind(at: index) == .menu {
            addIfShown(index, to: &visible, in: rect, offset: offset, viewport: viewport, store: store)
        }
        for section in sections(overlapping: rect, in: store, near: visible.sectionHint) {
            if let header = store.index(of: ElementID(kind: .header, section: section, item: 0)) {
                addIfShown(header, to: &visible, in: rect, offset: offset, viewport: viewport, store: store)
            }
        }
    }

    /// The sections whose extent along y meets `rect`, and the nearest section with elements on either side:
    /// sections stack, so a search galloping from `hint` (the first section the query met) finds the first. A section's extent runs from its first element's top to
    /// its last element's bottom; an empty one borrows its neighbours' edges, which keeps both monotone. The
    /// neighbours are there because a pushed-out header ends where its section ends only in exact arithmetic:
    /// rounded, it can pass it by an ulp, and the displayed-frame test decides.
    @inlinable func sections(overlapping rect: Rect, in store: LayoutStore, near hint: Int) -> Range<Int> {
        let sectionCount = store.sectionCount
        // A section's own elements are read without searching for their section; an empty one's neighbours are.
        func end(_ section: Int) -> Double {
            let elements = store.elementRange(ofSection: section)
            if !elements.isEmpty { return store.frame(inSection: section, at: elements.count - 1).maxY }
            return elements.upperBound > 0 ? store.frame(at: elements.upperBound - 1).maxY : -.infinity
        }
        func start(_ section: Int) -> Double {
            let elements = store.elementRange(ofSection: section)
            if !elements.isEmpty { return store.frame(inSection: section, at: 0).minY }
            return elements.lowerBound < store.count ? store.frame(at: elements.lowerBound).minY : .infinity
        }
        var low = (0..<sectionCount).partitionPoint(near: hint) { end($0) > rect.minY }
        var upper = low
        while upper < sectionCount, start(upper) < rect.maxY { upper += 1 }
        repeat { low -= 1 } while low > 0 && store.elementRange(ofSection: low).isEmpty
        while upper < sectionCount, store.elementRange(ofSection: upper).isEmpty { upper += 1 }
        return Swift.max(low, 0)..<Swift.min(upper + 1, sectionCount)
    }
}
