/// Receives a layout's elements in layout order, section by section. `LayoutStore.Writer` is the engine's writer;
/// the baselines have writers of their own, so every design lays out exactly the same frames.
///
/// A section's frames arrive relative to its origin along the scroll axis. Designs that keep absolute frames place
/// them with `Rect.placed(at:along:)`, the sum the engine makes when it hands a frame out.
///
/// Writers may be non-copyable, as the store's are, so that none can outlive the write it was handed for.
public protocol LayoutWriter: ~Copyable {
    mutating func beginSection(origin: Point)
    mutating func append(_ kind: ElementKind, frame: Rect)
    /// Appends `count` cells, the frame of the `i`th from `frame(i)`, called once each in order: what `count`
    /// appends of `.cell` do. The store's writer makes room and reads its columns once for the run rather than
    /// once a cell; other writers append one by one.
    mutating func appendCells(_ count: Int, frame: (Int) -> Rect)
    /// Appends `count` cells as `appendCells(_:frame:)` does, marking those whose `frame` says so as points the
    /// layout's writing can resume from (`UpdatableLayout.rewrite`): one run for cells whose marks fall among them (a flow's
    /// line starts).
    mutating func appendCells(_ count: Int, marking frame: (Int) -> (frame: Rect, marked: Bool))
    mutating func endSection()
    /// Marks the next element appended as a point the layout's writing can resume from
    /// (`UpdatableLayout.rewrite`); writers that keep no marks ignore it.
    mutating func markResumePoint()
}

extension LayoutWriter where Self: ~Copyable {
    @inlinable public mutating func appendCells(_ count: Int, frame: (Int) -> Rect) {
        for index in 0..<count { append(.cell, frame: frame(index)) }
    }

    @inlinable public mutating func markResumePoint() {}

    @inlinable public mutating func appendCells(_ count: Int, marking frame: (Int) -> (frame: Rect, marked: Bool)) {
        for index in 0..<count {
            let (cell, marked) = frame(index)
            if marked { markResumePoint() }
            append(.cell, frame: cell)
        }
    }
}

/// A layout's arithmetic: given a viewport size, the frame of every element; given a content offset, what scrolling
/// does to each.
///
/// Input is validated when an algorithm is made, so writing cannot fail. Effects are pure functions of an element's
/// identity, frame, the content offset and the viewport, so the engine and the baselines compute the same ones.
public protocol LayoutAlgorithm: Sendable {
    /// The axis the layout scrolls along, and so the axis its index searches.
    var scrollAxis: ScrollAxis { get }
    /// Whether the attributes change with the content offset (sticky, parallax, carousel), so that a scroll
    /// needs fresh effects even though the frames stay.
    var hasScrollEffects: Bool { get }
    /// Whether every position along the scroll axis the layout writes lies on the scroll grid already
    /// (`ScrollGrid`), so that the store need not put each one there: the built-in layouts keep their running
    /// positions on it. `false` by default, and the store puts each position on the grid as it takes it.
    var writesOnScrollGrid: Bool { get }
    /// Whether effects move elements (sticky headers), so that what shows in a rect is decided by where elements
    /// show, not where they were laid out. Part of the query's meaning rather than of the engine's work: the
    /// engine's search leaves the moving elements to `applyEffects`, while designs that test every element (the
    /// tutorials' and the brute-force oracle) read it to know which frame to test.
    var effectsMoveElements: Bool { get }
    /// The number of elements the layout writes, in all its sections.
    var elementCount: Int { get }
    /// The number of sections the layout writes. Every element belongs to one (UIKit's index paths: a layout's
    /// own decorations, as the sticky layout's top header, belong to section 0).
    var sectionCount: Int { get }
    /// The number of elements `writeSection(section, …)` writes, exactly: the store reserves its buffers by it,
    /// and `prepare` checks an index's element limit against it (debug builds check that the write keeps to it).
    func elementCount(inSection section: Int) -> Int
    /// Writes the elements of `section` in layout order, with frames relative to the section's origin (the
    /// section starts at 0 along the scroll axis), and returns the section's length along the scroll axis: the
    /// next section's origin is this one's plus that length, put on the scroll grid. A section depends on the
    /// sections before it only through its origin, which is what lets a change to one section leave the others'
    /// frames as they are. Positions along the scroll axis are put on the scroll grid (`ScrollGrid`) as they are
    /// stored; a layout that keeps its own running positions on the grid gets them back exactly.
    func writeSection<Writer: LayoutWriter & ~Copyable>(_ section: Int, into writer: inout Writer, viewport: Size)
        -> Double
    /// Writes every section in order, each begun at its origin (`LayoutWriter.beginSection(origin:)`), the sum of
    /// the lengths before it, each put on the scroll grid; returns their length together. By default
    /// `writeSection` a section at a time; a layout whose sections share work (the geometry of a viewport) may do
    /// that work once, and must write what the default writes.
    func writeSections<Writer: LayoutWriter & ~Copyable>(into writer: inout Writer, viewport: Size) -> Double
    /// The content size of sections that run `length` along the scroll axis in all.
    func contentSize(length: Double, viewport: Size) -> Size

    /// The name of `kind`, as UIKit's `representedElementKind`: what output and reports call the elements.
    func name(of kind: ElementKind) -> String
    /// The zIndex of the element `id`, which stands at `layoutIndex` in layout order.
    func zIndex(of id: ElementID, at layoutIndex: Int) -> Int
    /// What a content offset of `offset` does to the element `id` laid out at `frame`.
    func effect(of id: ElementID, frame: Rect, offset: Point, viewport: Size) -> ScrollEffect
    /// Turns the elements whose layout frames intersect `rect` into the elements displayed there, with their
    /// effects: layouts whose effects move elements (sticky headers) re-test and add them here.
    func applyEffects(
        to visible: inout VisibleElements, in rect: Rect, offset: Point, viewport: Size, store: LayoutStore)
    /// Where a scroll that would stop at `proposed` comes to rest.
    func targetContentOffset(proposed: Point, velocity: Point, viewport: Size, store: LayoutStore) -> Point
    /// Refuses a viewport the layout cannot lay out in: by default one that is not a valid size; a layout whose
    /// elements would have no extent in a viewport too small refuses that too.
    func validate(viewport: Size) throws(LayoutError)
}

extension LayoutAlgorithm {
    @inlinable public func validate(viewport: Size) throws(LayoutError) {
        guard viewport.isValidExtent else { throw .invalidViewport(viewport) }
    }

    /// Writes every section in order, each at its origin, and returns the content size: what a design that keeps
    /// absolute frames lays out.
    @inlinable public func write<Writer: LayoutWriter & ~Copyable>(into writer: inout Writer, viewport: Size) -> Size {
        contentSize(length: writeSections(into: &writer, viewport: viewport), viewport: viewport)
    }

    /// Writes every section in order, each at its origin, and returns their length together: what the engine's
    /// store and every design that keeps absolute frames lay out. A section's origin is the sum of the lengths
    /// before it, each put on the scroll grid, so every sum is exact and every design agrees bit for bit.
    @inlinable public func writeSections<Writer: LayoutWriter & ~Copyable>(into writer: inout Writer, viewport: Size)
        -> Double
    {
        var origin = 0.0
        for section in 0..<sectionCount {
            writer.beginSection(origin: scrollAxis.point(origin))
            origin += ScrollGrid.snapped(writeSection(section, into: &writer, viewport: viewport))
            writer.endSection()
        }
        return origin
    }

    public var hasScrollEffects: Bool { false }

    public var writesOnScrollGrid: Bool { false }

    public var effectsMoveElements: Bool { false }

    /// Cells, headers and footers by their own names.
    public func name(of kind: ElementKind) -> String { kind.description }

    public func zIndex(of id: ElementID, at layoutIndex: Int) -> Int { 0 }

    public func effect(of id: ElementID, frame: Rect, offset: Point, viewport: Size) -> ScrollEffect { .none }

    /// Effects that change how elements look but not whether they show (the carousel's): one per element.
    @inlinable public func applyEffects(
        to visible: inout VisibleElements, in rect: Rect, offset: Point, viewport: Size, store: LayoutStore
    ) {
        visible.effects.removeAll(keepingCapacity: true)
        var reader = store.reader
        for index in visible.indices {
            let (id, frame) = reader.element(index)
            visible.effects.append(effect(of: id, frame: frame, offset: offset, viewport: viewport))
        }
    }

    /// Layouts that do not page rest where the scroll was going.
    public func targetContentOffset(proposed: Point, velocity: Point, viewport: Size, store: LayoutStore) -> Point {
        proposed
    }
}
