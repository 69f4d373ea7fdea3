// The layout's per-scroll side: z-order, each element's effect, and the query-side repair that adds the moving
// elements a rect shows although their layout frames lie elsewhere.
extension StickyParallaxLayout {
    /// Layout order, except that section headers are renumbered above every element and the menu above them all.
    ///
    /// - Parameters:
    ///   - id: The element's identity.
    ///   - layoutIndex: The element's layout-order number.
    /// - Returns: The element's position in the stacking order: `layoutIndex`, but for section headers and the menu.
    /// - Complexity: O(1).
    @inlinable public func zIndex(of id: ElementID, at layoutIndex: Int) -> Int {
        switch id.kind {
        case .header: elementCount + id.section
        case .menu: elementCount + sections.count
        default: layoutIndex
        }
    }

    /// What a content offset of `offset` does to the element `id`: section headers stick below the menu until their
    /// section's cells have gone by, the top header stretches and darkens, the menu sticks below where the top header
    /// ends, and cells' content moves with parallax, each as the configuration turns it on.
    ///
    /// - Parameters:
    ///   - id: The element's identity.
    ///   - frame: The element's frame as laid out, in content coordinates.
    ///   - offset: The collection view's content offset.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The element's effect at `offset`; `ScrollEffect.none` for a footer, or an effect the configuration
    ///   turns off.
    /// - Complexity: O(1).
    @inlinable public func effect(of id: ElementID, frame: Rect, offset: Point, viewport: Size) -> ScrollEffect {
        let settings = configuration
        switch id.kind {
        case .header where settings.areSectionHeadersSticky:
            // Pinned below the menu, until the section's last cell pushes it out.
            let limit = id.section < cellExtents.count ? cellExtents[id.section] : 0
            let menu = settings.isMenuSticky ? settings.menuHeight : 0
            return ScrollEffect(
                transform: ElementTransform(translateY: Swift.min(limit, Swift.max(0, offset.y - frame.minY + menu))))
        case .topHeader where settings.isHeaderStretchy:
            let height = settings.headerHeight
            let stretched = Swift.min(viewport.height, Swift.max(height, height - offset.y))
            let scale = stretched / height
            let translation = Swift.min(offset.y, height) + (stretched - height) / 2
            let overlay = settings.isHeaderOverlayActive ? Swift.min(settings.maxOverlayAlpha, offset.y / height) : 0
            return ScrollEffect(
                transform: ElementTransform(scaleX: scale, scaleY: scale, translateY: translation),
                overlayAlpha: overlay)
        case .menu where settings.isMenuSticky:
            return ScrollEffect(
                transform: ElementTransform(translateY: Swift.max(frame.minY, offset.y) - settings.headerHeight))
        case .cell where settings.isParallaxOnCellsEnabled:
            let halfHeight = viewport.height / 2
            let distance = frame.midY - offset.y - halfHeight
            let parallax = -settings.maxParallaxOffset * distance / (halfHeight + settings.cellHeight / 2)
            return ScrollEffect(
                parallaxOffset: Swift.min(Swift.max(-settings.maxParallaxOffset, parallax), settings.maxParallaxOffset))
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
    ///
    /// - Parameters:
    ///   - visible: A query's answer: the elements whose layout frames meet `rect`, turned into those displayed there,
    ///     with their effects in `visible.effects`.
    ///   - rect: The query's rect, in content coordinates.
    ///   - offset: The collection view's content offset.
    ///   - viewport: The size of the collection view's bounds.
    ///   - store: The store the query searched.
    /// - Complexity: What `keepShownElements(of:in:offset:viewport:store:moves:)` costs, plus O(log *n* + *k*), for an
    ///   answer of *k* elements, for each of the top header, the menu, and the headers of the sections the rect
    ///   overlaps (and of the sections without elements beside them, which are passed over).
    @inlinable public func applyEffects(
        to visible: inout VisibleElements, in rect: Rect, offset: Point, viewport: Size, store: LayoutStore
    ) {
        keepShownElements(of: &visible, in: rect, offset: offset, viewport: viewport, store: store, moves: Self.moves)
        guard store.sectionCount > 0 else { return }
        // The layout's own elements lead section 0, and a section's header leads the section (after them in section
        // 0): where each is, and the frames of the layout's own, follow from the configuration, with no search of
        // the store.
        let settings = configuration
        let top = (settings.headerHeight > 0 ? 1 : 0) + (settings.menuHeight > 0 ? 1 : 0)
        let (header, menu) = topFrames(width: viewport.width)
        if settings.headerHeight > 0 {
            let id = ElementID(kind: .topHeader, section: 0, item: 0)
            addIfShown(0, id, frame: header, to: &visible, in: rect, offset: offset, viewport: viewport)
        }
        if settings.menuHeight > 0 {
            let id = ElementID(kind: .menu, section: 0, item: 0)
            addIfShown(top - 1, id, frame: menu, to: &visible, in: rect, offset: offset, viewport: viewport)
        }
        guard settings.sectionHeaderHeight > 0, !sections.isEmpty else { return }
        var reader = store.sectionReader
        for section in sections(overlapping: rect, in: store, reader: &reader) {
            let header = reader.record(section).start + (section == 0 ? top : 0)
            addIfShown(
                header, ElementID(kind: .header, section: section, item: 0), frame: reader.frame(at: header),
                to: &visible, in: rect, offset: offset, viewport: viewport
            )
        }
    }

    /// The sections whose extent along y may meet `rect`, and the nearest section with elements on either side:
    /// sections stack, so the last one starting at or above the rect's top is found down the chunk tree, and the
    /// ones after it that start above its bottom follow. A section's extent lies within its origin and the next
    /// one's. The neighbours are there because a pushed-out header ends where its section ends only in exact
    /// arithmetic: rounded, it can pass it by an ulp, and the displayed-frame test decides.
    ///
    /// - Complexity: O(log *n*) for each section returned.
    @inlinable func sections(overlapping rect: Rect, in store: LayoutStore, reader: inout SectionReader) -> Range<Int> {
        let sectionCount = store.sectionCount
        var low = store.section(startingAtOrBefore: rect.minY) ?? 0
        var upper = low + 1
        while upper < sectionCount, reader.record(upper).origin < rect.maxY { upper += 1 }
        repeat { low -= 1 } while low > 0 && reader.elementRange(ofSection: low).isEmpty
        while upper < sectionCount, reader.elementRange(ofSection: upper).isEmpty { upper += 1 }
        return Swift.max(low, 0)..<Swift.min(upper + 1, sectionCount)
    }
}
