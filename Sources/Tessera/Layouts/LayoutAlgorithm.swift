/// Receives a layout's elements in layout order, section by section. `LayoutStore.Writer` is the engine's writer;
/// the baselines have writers of their own, so every design lays out exactly the same frames.
///
/// A section's frames arrive relative to its origin along the scroll axis. Designs that keep absolute frames place
/// them with `Rect.placed(at:along:)`, the sum the engine makes when it hands a frame out.
///
/// Writers may be non-copyable, as the store's are, so that none can outlive the write it was handed for.
public protocol LayoutWriter: ~Copyable {
    /// Begins a section at `origin`: the frames appended after it, up to `endSection()`, are relative to that origin
    /// along the scroll axis.
    ///
    /// - Parameter origin: The section's origin, in content coordinates: the sum of the lengths of the sections before
    ///   it, along the scroll axis.
    mutating func beginSection(origin: Point)
    /// Appends an element of `kind` to the section begun last.
    ///
    /// - Parameters:
    ///   - kind: The element's kind.
    ///   - frame: The element's frame, relative to the section's origin along the scroll axis.
    mutating func append(_ kind: ElementKind, frame: Rect)
    /// Appends `count` cells, the frame of the `i`th from `frame(i)`, called once each in order: what `count` appends
    /// of `.cell` do. The store's writer makes room and reads its columns once for the run rather than once a cell;
    /// other writers append one by one.
    ///
    /// - Parameters:
    ///   - count: The number of cells to append.
    ///   - frame: A closure that returns the frame of the cell it is given the number of, from 0, relative to the
    ///     section's origin.
    mutating func appendCells(_ count: Int, frame: (Int) -> Rect)
    /// Appends `count` cells as `appendCells(_:frame:)` does, marking those whose `frame` says so as points the
    /// layout's writing can resume from (`UpdatableLayout.rewrite`): one run for cells whose marks fall among them (a
    /// flow's line starts).
    ///
    /// - Parameters:
    ///   - count: The number of cells to append.
    ///   - frame: A closure that returns the frame of the cell it is given the number of, from 0, relative to the
    ///     section's origin, and whether to mark the cell as a resume point.
    mutating func appendCells(_ count: Int, marking frame: (Int) -> (frame: Rect, marked: Bool))
    /// Ends the section begun last.
    mutating func endSection()
    /// Marks the next element appended as a point the layout's writing can resume from
    /// (`UpdatableLayout.rewrite`); writers that keep no marks ignore it.
    mutating func markResumePoint()
}

extension LayoutWriter where Self: ~Copyable {
    /// Appends `count` cells one by one, each with `append(_:frame:)`.
    ///
    /// - Parameters:
    ///   - count: The number of cells to append.
    ///   - frame: A closure that returns the frame of the cell it is given the number of, from 0, relative to the
    ///     section's origin.
    /// - Complexity: O(`count`) appends, plus the calls to `frame`.
    @inlinable public mutating func appendCells(_ count: Int, frame: (Int) -> Rect) {
        for index in 0..<count { append(.cell, frame: frame(index)) }
    }

    /// Does nothing: a writer that keeps no marks ignores them.
    ///
    /// - Complexity: O(1).
    @inlinable public mutating func markResumePoint() {}

    /// Appends `count` cells one by one, each with `append(_:frame:)`, preceded by `markResumePoint()` when `frame`
    /// marks it.
    ///
    /// - Parameters:
    ///   - count: The number of cells to append.
    ///   - frame: A closure that returns the frame of the cell it is given the number of, from 0, relative to the
    ///     section's origin, and whether to mark the cell as a resume point.
    /// - Complexity: O(`count`) appends, plus the calls to `frame`.
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
    ///
    /// - Parameter section: The number of a section, from 0 to `sectionCount - 1`.
    /// - Returns: The number of elements the section writes.
    func elementCount(inSection section: Int) -> Int
    /// Writes the elements of `section` in layout order, with frames relative to the section's origin (the
    /// section starts at 0 along the scroll axis), and returns the section's length along the scroll axis: the
    /// next section's origin is this one's plus that length, put on the scroll grid. A section depends on the
    /// sections before it only through its origin, which is what lets a change to one section leave the others'
    /// frames as they are. Positions along the scroll axis are put on the scroll grid (`ScrollGrid`) as they are
    /// stored; a layout that keeps its own running positions on the grid gets them back exactly.
    ///
    /// - Parameters:
    ///   - section: The number of the section to write, from 0 to `sectionCount - 1`.
    ///   - writer: The writer to append the section's elements to, the section begun at its origin.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The section's length along the scroll axis.
    /// - Complexity: O(*m*) for the section's *m* elements in the layouts here (O(*m* × *c*) for a waterfall of *c*
    ///   columns).
    func writeSection<Writer: LayoutWriter & ~Copyable>(_ section: Int, into writer: inout Writer, viewport: Size)
        -> Double
    /// Writes every section in order, each begun at its origin (`LayoutWriter.beginSection(origin:)`), the sum of
    /// the lengths before it, each put on the scroll grid; returns their length together. By default
    /// `writeSection` a section at a time; a layout whose sections share work (the geometry of a viewport) may do
    /// that work once, and must write what the default writes.
    ///
    /// - Parameters:
    ///   - writer: The writer to append every section's elements to.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The length of every section together along the scroll axis.
    /// - Complexity: O(*n*) for the layout's *n* elements in the layouts here (O(*n* × *c*) for a waterfall of *c*
    ///   columns).
    func writeSections<Writer: LayoutWriter & ~Copyable>(into writer: inout Writer, viewport: Size) -> Double
    /// The content size of sections that run `length` along the scroll axis in all.
    ///
    /// - Parameters:
    ///   - length: The length of every section together along the scroll axis.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The size of the scrollable content.
    func contentSize(length: Double, viewport: Size) -> Size

    /// The name of `kind`, as UIKit's `representedElementKind`: what output and reports call the elements.
    ///
    /// - Parameter kind: A kind of element the layout writes.
    /// - Returns: The kind's name.
    func name(of kind: ElementKind) -> String
    /// The zIndex of the element `id`, which stands at `layoutIndex` in layout order.
    ///
    /// - Parameters:
    ///   - id: The element's identity.
    ///   - layoutIndex: The element's layout-order number.
    /// - Returns: The element's position in the stacking order: higher draws above.
    func zIndex(of id: ElementID, at layoutIndex: Int) -> Int
    /// What a content offset of `offset` does to the element `id` laid out at `frame`.
    ///
    /// - Parameters:
    ///   - id: The element's identity.
    ///   - frame: The element's frame as laid out, in content coordinates.
    ///   - offset: The collection view's content offset.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The element's effect at `offset`; `ScrollEffect.none` for an element scrolling leaves as it is.
    func effect(of id: ElementID, frame: Rect, offset: Point, viewport: Size) -> ScrollEffect
    /// Turns the elements whose layout frames intersect `rect` into the elements displayed there, with their
    /// effects: layouts whose effects move elements (sticky headers) re-test and add them here.
    ///
    /// - Parameters:
    ///   - visible: A query's answer: the elements whose layout frames meet `rect`, to turn into those displayed there,
    ///     with their effects in `visible.effects`.
    ///   - rect: The query's rect, in content coordinates.
    ///   - offset: The collection view's content offset.
    ///   - viewport: The size of the collection view's bounds.
    ///   - store: The store the query searched.
    func applyEffects(
        to visible: inout VisibleElements, in rect: Rect, offset: Point, viewport: Size, store: LayoutStore)
    /// Where a scroll that would stop at `proposed` comes to rest.
    ///
    /// - Parameters:
    ///   - proposed: The content offset where the scroll would stop.
    ///   - velocity: The scroll's velocity, as UIKit gives it (points per millisecond).
    ///   - viewport: The size of the collection view's bounds.
    ///   - store: The layout's store, as the last prepare or update left it.
    /// - Returns: The content offset where the scroll comes to rest.
    func targetContentOffset(proposed: Point, velocity: Point, viewport: Size, store: LayoutStore) -> Point
    /// Refuses a viewport the layout cannot lay out in: by default one that is not a valid size; a layout whose
    /// elements would have no extent in a viewport too small refuses that too.
    ///
    /// - Parameter viewport: The size of the collection view's bounds.
    /// - Throws: A `LayoutError`, such as `LayoutError.invalidViewport`, that says why the layout cannot lay out in
    ///   `viewport`.
    func validate(viewport: Size) throws(LayoutError)
}

extension LayoutAlgorithm {
    /// Refuses a viewport that is not a valid size.
    ///
    /// - Parameter viewport: The size of the collection view's bounds.
    /// - Throws: `LayoutError.invalidViewport` when either side of `viewport` is not a valid length.
    /// - Complexity: O(1).
    @inlinable public func validate(viewport: Size) throws(LayoutError) {
        guard viewport.isValidExtent else { throw .invalidViewport(viewport) }
    }

    /// Writes every section in order, each at its origin, and returns the content size: what a design that keeps
    /// absolute frames lays out.
    ///
    /// - Parameters:
    ///   - writer: The writer to append every section's elements to.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The size of the scrollable content.
    /// - Complexity: That of `writeSections(into:viewport:)`.
    @inlinable public func write<Writer: LayoutWriter & ~Copyable>(into writer: inout Writer, viewport: Size) -> Size {
        contentSize(length: writeSections(into: &writer, viewport: viewport), viewport: viewport)
    }

    /// Writes every section in order, each at its origin, and returns their length together: what the engine's
    /// store and every design that keeps absolute frames lay out. A section's origin is the sum of the lengths
    /// before it, each put on the scroll grid, so every sum is exact and every design agrees bit for bit.
    ///
    /// - Parameters:
    ///   - writer: The writer to append every section's elements to.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The length of every section together along the scroll axis.
    /// - Complexity: The sum of `writeSection(_:into:viewport:)`'s costs for every section.
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

    /// `false`: a layout's attributes do not change with the content offset unless it says otherwise.
    public var hasScrollEffects: Bool { false }

    /// `false`: the store puts each position a layout writes on the scroll grid unless the layout says it keeps them
    /// there.
    public var writesOnScrollGrid: Bool { false }

    /// `false`: a layout's effects do not move elements unless it says otherwise.
    public var effectsMoveElements: Bool { false }

    /// Cells, headers and footers by their own names.
    ///
    /// - Parameter kind: A kind of element the layout writes.
    /// - Returns: The kind's `description`: "cell", "header", "footer", or "kind" and its raw value.
    /// - Complexity: O(1).
    public func name(of kind: ElementKind) -> String { kind.description }

    /// Every element at zIndex 0.
    ///
    /// - Parameters:
    ///   - id: The element's identity.
    ///   - layoutIndex: The element's layout-order number.
    /// - Returns: 0.
    /// - Complexity: O(1).
    public func zIndex(of id: ElementID, at layoutIndex: Int) -> Int { 0 }

    /// No effect: scrolling leaves every element as laid out.
    ///
    /// - Parameters:
    ///   - id: The element's identity.
    ///   - frame: The element's frame as laid out.
    ///   - offset: The collection view's content offset.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: `ScrollEffect.none`.
    /// - Complexity: O(1).
    public func effect(of id: ElementID, frame: Rect, offset: Point, viewport: Size) -> ScrollEffect { .none }

    /// Effects that change how elements look but not whether they show (the carousel's): one per element.
    ///
    /// - Parameters:
    ///   - visible: A query's answer, whose `effects` are replaced with one effect for each element.
    ///   - rect: The query's rect, in content coordinates.
    ///   - offset: The collection view's content offset.
    ///   - viewport: The size of the collection view's bounds.
    ///   - store: The store the query searched.
    /// - Complexity: O(*k*) for the *k* elements of the answer, plus O(log *n*) for each chunk they lie in and
    ///   O((1 + *v*) log *n*) for each section, of *v* supplementary views, plus `effect(of:frame:offset:viewport:)`
    ///   for each.
    @inlinable public func applyEffects(
        to visible: inout VisibleElements, in rect: Rect, offset: Point, viewport: Size, store: LayoutStore
    ) {
        visible.effects.removeAll(keepingCapacity: true)
        var reader = store.reader(resuming: visible)
        for index in visible.indices {
            let (id, frame) = reader.element(index)
            visible.effects.append(effect(of: id, frame: frame, offset: offset, viewport: viewport))
        }
        visible.readerPosition = reader.position
    }

    /// Layouts that do not page rest where the scroll was going.
    ///
    /// - Parameters:
    ///   - proposed: The content offset where the scroll would stop.
    ///   - velocity: The scroll's velocity; not read.
    ///   - viewport: The size of the collection view's bounds; not read.
    ///   - store: The layout's store; not read.
    /// - Returns: `proposed`.
    /// - Complexity: O(1).
    public func targetContentOffset(proposed: Point, velocity: Point, viewport: Size, store: LayoutStore) -> Point {
        proposed
    }
}
