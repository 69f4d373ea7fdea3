/// `UICollectionViewFlowLayout`'s semantics, as PSTCollectionView documents them: per section a header, the
/// section inset, justified lines of items, and a footer, scrolling vertically or horizontally.
///
/// The arithmetic is written once along abstract axes: *scroll* (the direction lines stack in) and *cross* (the
/// direction items pack in). Vertical scrolling maps scroll to y; horizontal scrolling swaps the axes, so lines
/// become columns and a header's "height" is its width.
public struct FlowLayout: LayoutAlgorithm {
    /// The data of every section: its item sizes and its header and footer heights.
    public private(set) var sections: SectionList
    /// The spacings, insets, alignment and scroll direction every section is laid out with.
    public let configuration: Configuration
    /// The number of elements the layout writes: every section's items, and its header and footer when they have a
    /// length.
    public private(set) var elementCount: Int

    /// What a flow layout lays out every section with, as `UICollectionViewFlowLayout`'s properties.
    public struct Configuration: Hashable, Sendable {
        /// The axis the content scrolls along, which lines stack along.
        public var scrollDirection: ScrollAxis
        /// The least space between items in a line: a line's leftover room is shared between its gaps.
        public var minimumInteritemSpacing: Double
        /// The space between lines.
        public var minimumLineSpacing: Double
        /// The space around each section's items, inside its header and footer.
        public var sectionInset: EdgeInsets
        /// Where cells shorter than their line sit along the scroll axis.
        public var alignment: LineAlignment

        /// Creates a configuration; the defaults are UIKit's: both spacings 10, no insets, cells centred in their line.
        ///
        /// - Parameters:
        ///   - scrollDirection: The axis the content scrolls along.
        ///   - minimumInteritemSpacing: The least space between items in a line.
        ///   - minimumLineSpacing: The space between lines.
        ///   - sectionInset: The space around each section's items.
        ///   - alignment: Where cells shorter than their line sit.
        /// - Complexity: O(1).
        public init(
            scrollDirection: ScrollAxis = .vertical, minimumInteritemSpacing: Double = 10,
            minimumLineSpacing: Double = 10, sectionInset: EdgeInsets = .zero, alignment: LineAlignment = .center
        ) {
            self.scrollDirection = scrollDirection
            self.minimumInteritemSpacing = minimumInteritemSpacing
            self.minimumLineSpacing = minimumLineSpacing
            self.sectionInset = sectionInset
            self.alignment = alignment
        }
    }

    /// Where cells shorter than their line sit along the scroll axis: `top` is the line's start.
    public enum LineAlignment: String, Hashable, Sendable, CaseIterable {
        /// At the line's start.
        case top
        /// Centred in the line.
        case center
        /// At the line's end.
        case bottom
    }

    /// UIKit's default item size.
    public static let defaultItemSize = Size(width: 50, height: 50)

    /// Creates a flow layout of `sections`, each laid out with `configuration`.
    ///
    /// - Parameters:
    ///   - sections: The data of every section.
    ///   - configuration: The spacings, insets, alignment and scroll direction.
    /// - Throws: `LayoutError.invalidParameter` for a spacing or an inset that is not a valid length; what
    ///   `LayoutSection.validate(_:extraElements:)` throws for the sections.
    /// - Complexity: O(*s* + *m*) for the *s* sections and the *m* item sizes they list one by one.
    public init(sections: [LayoutSection], configuration: Configuration = Configuration()) throws(LayoutError) {
        let parameters = [
            ("minimumInteritemSpacing", configuration.minimumInteritemSpacing),
            ("minimumLineSpacing", configuration.minimumLineSpacing),
            ("sectionInset.top", configuration.sectionInset.top),
            ("sectionInset.left", configuration.sectionInset.left),
            ("sectionInset.bottom", configuration.sectionInset.bottom),
            ("sectionInset.right", configuration.sectionInset.right),
        ]
        for (name, value) in parameters where !Size.isValidLength(value) {
            throw .invalidParameter(name: name, value: value)
        }
        try LayoutSection.validate(sections)
        self.sections = SectionList(sections)
        self.configuration = configuration
        elementCount = sections.reduce(0) { $0 + Self.elementCount(of: $1) }
    }

    /// The configuration's scroll direction.
    public var scrollAxis: ScrollAxis { configuration.scrollDirection }
    /// `false`: scrolling leaves every element as laid out.
    public var hasScrollEffects: Bool { false }
    /// Its positions along the scroll axis are sums of lengths put on the scroll grid.
    public var writesOnScrollGrid: Bool { true }

    /// The number of sections of the data.
    public var sectionCount: Int { sections.count }

    /// The number of elements `section` writes: its items, and its header and footer when they have a length.
    ///
    /// - Parameter section: The number of a section, from 0 to `sectionCount - 1`.
    /// - Returns: The number of elements the section writes.
    /// - Complexity: O(log *s*) for *s* sections; O(1) when they are few.
    public func elementCount(inSection section: Int) -> Int {
        Self.elementCount(of: sections[section])
    }

    /// A section's items, and its header and footer when they have a length.
    static func elementCount(of section: LayoutSection) -> Int {
        section.itemSizes.count + ((section.headerHeight ?? 0) > 0 ? 1 : 0) + ((section.footerHeight ?? 0) > 0 ? 1 : 0)
    }

    /// Writes `section` from 0: its header, its items packed into justified lines, its inset, and its footer.
    ///
    /// - Parameters:
    ///   - section: The number of the section to write, from 0 to `sectionCount - 1`.
    ///   - writer: The writer to append the section's elements to, the section begun at its origin.
    ///   - viewport: The size of the collection view's bounds, whose length across the scroll axis the lines fill.
    /// - Returns: The section's length along the scroll axis.
    /// - Complexity: O(*m*) for the section's *m* items, plus up to 4,096 steps to justify its last line as if copies
    ///   of its last item followed.
    @inlinable public func writeSection<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, into writer: inout Writer, viewport: Size
    ) -> Double {
        let geometry = FlowGeometry(configuration, viewport: viewport)
        // The axis and the alignment are fixed for the layout, so the lines are written by a copy of the packing
        // specialised for them: no test of either per item.
        return switch (geometry.vertical, geometry.alignment) {
        case (true, .top): geometry.write(sections[section], into: &writer, VerticalFlow.self, TopAlignment.self)
        case (true, .center): geometry.write(sections[section], into: &writer, VerticalFlow.self, CenterAlignment.self)
        case (true, .bottom): geometry.write(sections[section], into: &writer, VerticalFlow.self, BottomAlignment.self)
        case (false, .top): geometry.write(sections[section], into: &writer, HorizontalFlow.self, TopAlignment.self)
        case (false, .center):
            geometry.write(sections[section], into: &writer, HorizontalFlow.self, CenterAlignment.self)
        case (false, .bottom):
            geometry.write(sections[section], into: &writer, HorizontalFlow.self, BottomAlignment.self)
        }
    }

    /// Writes every section with the geometry, the axis and the alignment fixed once for the write: at one item
    /// a section, the per-section work is most of a prepare.
    ///
    /// - Parameters:
    ///   - writer: The writer to append every section's elements to.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The length of every section together along the scroll axis.
    /// - Complexity: O(*n*) for the layout's *n* elements, plus up to 4,096 steps a section to justify its last line.
    @inlinable public func writeSections<Writer: LayoutWriter & ~Copyable>(into writer: inout Writer, viewport: Size)
        -> Double
    {
        let geometry = FlowGeometry(configuration, viewport: viewport)
        return switch (geometry.vertical, geometry.alignment) {
        case (true, .top): geometry.write(sections, into: &writer, VerticalFlow.self, TopAlignment.self)
        case (true, .center): geometry.write(sections, into: &writer, VerticalFlow.self, CenterAlignment.self)
        case (true, .bottom): geometry.write(sections, into: &writer, VerticalFlow.self, BottomAlignment.self)
        case (false, .top): geometry.write(sections, into: &writer, HorizontalFlow.self, TopAlignment.self)
        case (false, .center): geometry.write(sections, into: &writer, HorizontalFlow.self, CenterAlignment.self)
        case (false, .bottom): geometry.write(sections, into: &writer, HorizontalFlow.self, BottomAlignment.self)
        }
    }

    /// The content size: as wide as the viewport and `length` long for vertical scrolling; `length` wide and as tall as
    /// the viewport for horizontal scrolling.
    ///
    /// - Parameters:
    ///   - length: The length of every section together along the scroll axis.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The size of the scrollable content.
    /// - Complexity: O(1).
    public func contentSize(length: Double, viewport: Size) -> Size {
        FlowGeometry(configuration, viewport: viewport).contentSize(length: length)
    }
}

/// The flow layout's configuration and viewport seen along the scroll and cross axes. Lengths along the scroll axis
/// that positions are summed from (insets, line spacing, each line's thickness, an item's offset in its line) are
/// put on the scroll grid first, so every line starts at an exact sum (`ScrollGrid`).
@usableFromInline struct FlowGeometry {
    @usableFromInline let vertical: Bool
    @usableFromInline let viewport: Size
    /// The viewport's length across the scroll axis.
    @usableFromInline let crossExtent: Double
    @usableFromInline let insetBefore: Double
    @usableFromInline let insetAfter: Double
    @usableFromInline let crossInsetBefore: Double
    /// The room for items across a line: the cross extent less the section inset.
    @usableFromInline let available: Double
    @usableFromInline let interitemSpacing: Double
    @usableFromInline let lineSpacing: Double
    @usableFromInline let alignment: FlowLayout.LineAlignment

    @inlinable init(_ configuration: FlowLayout.Configuration, viewport: Size) {
        let inset = configuration.sectionInset
        vertical = configuration.scrollDirection == .vertical
        self.viewport = viewport
        crossExtent = vertical ? viewport.width : viewport.height
        (insetBefore, insetAfter) =
            vertical
            ? (ScrollGrid.snapped(inset.top), ScrollGrid.snapped(inset.bottom))
            : (ScrollGrid.snapped(inset.left), ScrollGrid.snapped(inset.right))
        let crossInsetAfter: Double
        (crossInsetBefore, crossInsetAfter) = vertical ? (inset.left, inset.right) : (inset.top, inset.bottom)
        available = crossExtent - crossInsetBefore - crossInsetAfter
        interitemSpacing = configuration.minimumInteritemSpacing
        lineSpacing = ScrollGrid.snapped(configuration.minimumLineSpacing)
        alignment = configuration.alignment
    }

    /// A header or footer: it spans the whole viewport across, ignoring the section inset.
    @inlinable func fullWidthFrame(at position: Double, length: Double) -> Rect {
        vertical
            ? VerticalFlow.frame(scroll: position, scrollLength: length, cross: 0, crossLength: crossExtent)
            : HorizontalFlow.frame(scroll: position, scrollLength: length, cross: 0, crossLength: crossExtent)
    }

    @inlinable func contentSize(length: Double) -> Size {
        vertical ? Size(width: viewport.width, height: length) : Size(width: length, height: viewport.height)
    }

    /// Writes every section, each at the sum of the lengths before it, as `LayoutAlgorithm.writeSections` does.
    @inlinable
    func write<Writer: LayoutWriter & ~Copyable, Axes: FlowAxes, Alignment: FlowLineAlignment>(
        _ sections: SectionList, into writer: inout Writer, _ axes: Axes.Type, _ alignment: Alignment.Type
    ) -> Double {
        var origin = 0.0
        sections.forEachBlock { sections in
            for section in sections.indices {
                writer.beginSection(origin: Axes.point(scroll: origin))
                origin += ScrollGrid.snapped(write(sections[section], into: &writer, Axes.self, Alignment.self))
                writer.endSection()
            }
        }
        return origin
    }

    /// Writes a section from 0: its header, its items in lines and its footer; returns its length.
    @inlinable @inline(__always)
    func write<Writer: LayoutWriter & ~Copyable, Axes: FlowAxes, Alignment: FlowLineAlignment>(
        _ section: borrowing LayoutSection, into writer: inout Writer, _ axes: Axes.Type, _ alignment: Alignment.Type
    ) -> Double {
        var position = 0.0
        if let height = section.headerHeight, height > 0 {
            writer.append(.header, frame: fullWidthFrame(at: position, length: height))
            position += ScrollGrid.snapped(height)
        }
        position += insetBefore
        let start = position
        position = section.itemSizes.read(
            uniform: { writeLines($0, startingAt: start, into: &writer, Axes.self, Alignment.self) },
            flat: { writeLines($0, startingAt: start, into: &writer, Axes.self, Alignment.self) },
            blocked: { writeLines($0, startingAt: start, into: &writer, Axes.self, Alignment.self) }
        )
        position += insetAfter
        if let height = section.footerHeight, height > 0 {
            writer.append(.footer, frame: fullWidthFrame(at: position, length: height))
            position += ScrollGrid.snapped(height)
        }
        return position
    }

    /// Packs every item into justified lines starting at `start`; returns where the last line ends.
    ///
    /// The section's cells are one run of the writer's, each line packed when the run reaches its first item, which
    /// is marked as a point writing can resume from (a partial write resumes at a line's start, where the line's
    /// items alone decide the line). A run a line made room, read the columns and set the kinds for four or five
    /// items at a time.
    @inlinable @inline(__always)
    func writeLines<
        Writer: LayoutWriter & ~Copyable, Axes: FlowAxes, Alignment: FlowLineAlignment, Sizes: ItemSizeSource
    >(
        _ sizes: Sizes, startingAt start: Double, into writer: inout Writer, _ axes: Axes.Type,
        _ alignment: Alignment.Type
    ) -> Double {
        let count = sizes.count
        // A section of one item (one a model object, as IGListKit lays out) is one line of one cell: written
        // without a run's setup, which costs more than the cell.
        if count == 1 {
            let (_, thickness, origin, gap) = packLine(from: 0, of: sizes, Axes.self)
            var cross = origin
            writer.markResumePoint()
            writer.append(
                .cell,
                frame: frame(
                    of: sizes[0], inLineAt: start, thickness: thickness, cross: &cross, gap: gap, Axes.self,
                    Alignment.self))
            return start + ScrollGrid.snapped(thickness)
        }
        var lineStart = start
        var lineEnd = 0
        var thickness = 0.0
        var cross = 0.0
        var gap = 0.0
        writer.appendCells(count) { item in
            var marked = false
            if item == lineEnd {
                if item > 0 {
                    lineStart += ScrollGrid.snapped(thickness)
                    lineStart += lineSpacing
                }
                (lineEnd, thickness, cross, gap) = packLine(from: item, of: sizes, Axes.self)
                marked = true
            }
            return (
                frame(
                    of: sizes[item], inLineAt: lineStart, thickness: thickness, cross: &cross, gap: gap, Axes.self,
                    Alignment.self), marked
            )
        }
        return count > 0 ? lineStart + ScrollGrid.snapped(thickness) : lineStart
    }

    /// Packs items from `first`, a line's first, into justified lines starting at `lineStart`, a line a run of the
    /// writer's, until the items end or `stops` gives an end before a line: it is asked with the line's first item
    /// and where the line starts. Returns that end (`nil` when it did not stop) and where the line it stopped at
    /// starts, or, at the end, where the last line ends: what a partial write of a section needs.
    @inlinable @inline(__always)
    func writeLines<
        Writer: LayoutWriter & ~Copyable, Axes: FlowAxes, Alignment: FlowLineAlignment, Sizes: ItemSizeSource
    >(
        _ sizes: Sizes, from first: Int, lineStart start: Double, into writer: inout Writer, _ axes: Axes.Type,
        _ alignment: Alignment.Type,
        stops: (_ item: Int, _ lineStart: Double) -> PartialWrite.End?
    ) -> (end: PartialWrite.End?, position: Double) {
        let count = sizes.count
        var lineStart = start
        var item = first
        while item < count {
            if let end = stops(item, lineStart) { return (end, lineStart) }
            let (lineEnd, thickness, origin, gap) = packLine(from: item, of: sizes, Axes.self)
            var cross = origin
            let lineFirst = item
            writer.appendCells(lineEnd &- item) { index in
                (
                    frame(
                        of: sizes[lineFirst &+ index], inLineAt: lineStart, thickness: thickness, cross: &cross,
                        gap: gap, Axes.self, Alignment.self), index == 0
                )
            }
            item = lineEnd
            guard item < count else { return (nil, lineStart + ScrollGrid.snapped(thickness)) }
            lineStart += ScrollGrid.snapped(thickness)
            lineStart += lineSpacing
        }
        return (nil, lineStart)
    }

    /// An item's frame in a line at `lineStart`, `thickness` thick, at `cross` across it; moves `cross` on by the
    /// item and the gap after it.
    @inlinable @inline(__always)
    func frame<Axes: FlowAxes, Alignment: FlowLineAlignment>(
        of size: Size, inLineAt lineStart: Double, thickness: Double, cross: inout Double, gap: Double,
        _ axes: Axes.Type, _ alignment: Alignment.Type
    ) -> Rect {
        let length = Axes.scrollLength(size)
        let width = Axes.crossLength(size)
        defer { cross += width + gap }
        return Axes.frame(
            scroll: Alignment.start(ofItem: length, inLineAt: lineStart, thickness: thickness),
            scrollLength: length, cross: cross, crossLength: width
        )
    }

    /// Packs the line that starts at item `first`: where it ends, its thickness, where its first item starts across
    /// it and the gap between its items. Items join the line while their lengths and the spacing between them fit.
    /// The spacing is added to the item before the running total, so the loop carries one addition from item to
    /// item, not two.
    @inlinable @inline(__always)
    func packLine<Axes: FlowAxes, Sizes: ItemSizeSource>(
        from first: Int, of sizes: Sizes, _ axes: Axes.Type
    ) -> (end: Int, thickness: Double, origin: Double, gap: Double) {
        let count = sizes.count
        var used = Axes.crossLength(sizes[first])
        var thickness = Axes.scrollLength(sizes[first])
        var end = first + 1
        while end < count {
            let item = sizes[end]
            let extended = used + (interitemSpacing + Axes.crossLength(item))
            if extended > available { break }
            used = extended
            let length = Axes.scrollLength(item)
            thickness = length > thickness ? length : thickness
            end += 1
        }
        let lastItemLength = end == count ? Axes.crossLength(sizes[end - 1]) : nil
        let (origin, gap) = justify(used: used, count: end - first, continuingWith: lastItemLength)
        return (end, thickness, origin, gap)
    }

    /// Where a line's first item starts across the line, and the gap between its items.
    ///
    /// The leftover room is shared equally between the gaps. A section's last line (`lastItemLength` given) is
    /// justified as if copies of its last item followed for as long as they fit, so it keeps the grid's columns.
    /// A line that counts one item centres it, unless it is wider than the line: then it sits at the inset.
    @inlinable func justify(used: Double, count: Int, continuingWith lastItemLength: Double?) -> (
        origin: Double, gap: Double
    ) {
        var used = used
        if count == 1, let length = lastItemLength {
            // A last line of one item (a section of one, as IGListKit lays out a list) starts at the inset when a
            // copy of it would fit beside it, and is centred otherwise: the gap after it is never used, so the
            // copies need not be counted one by one.
            let step = interitemSpacing + length
            if !(step > 0) || used + step <= available { return (crossInsetBefore, interitemSpacing) }
            return (used > available ? crossInsetBefore : crossInsetBefore + (available - used) / 2, 0)
        }
        // A Double: zero-length items with tiny spacing could fit more copies than an Int holds.
        var count = Double(count)
        if let length = lastItemLength {
            guard let (extended, copies) = extend(used, by: interitemSpacing + length) else {
                // Endless copies fit: the leftover shared between them shrinks to nothing.
                return (crossInsetBefore, interitemSpacing)
            }
            used = extended
            count += copies
        }
        guard count > 1 else {
            let origin = used > available ? crossInsetBefore : crossInsetBefore + (available - used) / 2
            return (origin, 0)
        }
        return (crossInsetBefore, interitemSpacing + (available - used) / (count - 1))
    }

    /// Adds `step` (an item and its spacing) to `used` for as long as the sum fits, and says how many times.
    ///
    /// Up to `maximumSummedCopies` it adds one step at a time, exactly as the packing loop does, so a short last
    /// line lands bit for bit on a full line's columns. Beyond that it divides (to within a rounding error of the
    /// columns); `nil` when more copies fit than a Double counts, or endlessly many (a step of zero).
    @inlinable func extend(_ used: Double, by step: Double) -> (used: Double, copies: Double)? {
        let estimate = (available - used) / step
        guard step > 0, estimate < 0x1p52 else { return nil }
        if estimate <= FlowGeometry.maximumSummedCopies {
            var used = used
            var copies = 0.0
            while used + step <= available {
                used += step
                copies += 1
            }
            return (used, copies)
        }
        // The division is right to within one either way; single checks mend it.
        var copies = estimate.rounded(.down)
        if used + copies * step > available { copies -= 1 }
        if used + (copies + 1) * step <= available { copies += 1 }
        return (used + copies * step, copies)
    }

    /// Lines with more virtual copies than this are extended by division rather than summed one copy at a time.
    @usableFromInline static let maximumSummedCopies = 4_096.0
}

/// Which of a size's lengths and a frame's coordinates are the flow's scroll and cross axes: a type each, so that
/// a section's lines are written by code specialised for its axis.
@usableFromInline protocol FlowAxes {
    static func crossLength(_ size: Size) -> Double
    static func scrollStart(_ frame: Rect) -> Double
    static func scrollLength(_ size: Size) -> Double
    static func frame(scroll: Double, scrollLength: Double, cross: Double, crossLength: Double) -> Rect
    /// The point `scroll` along the scroll axis from the origin.
    static func point(scroll: Double) -> Point
}

/// Lines stack down the page: scroll is y.
@usableFromInline enum VerticalFlow: FlowAxes {
    @inlinable @inline(__always) static func crossLength(_ size: Size) -> Double { size.width }
    @inlinable @inline(__always) static func scrollStart(_ frame: Rect) -> Double { frame.origin.y }
    @inlinable @inline(__always) static func scrollLength(_ size: Size) -> Double { size.height }
    @inlinable @inline(__always) static func frame(
        scroll: Double, scrollLength: Double, cross: Double, crossLength: Double
    ) -> Rect {
        Rect(x: cross, y: scroll, width: crossLength, height: scrollLength)
    }
    @inlinable @inline(__always) static func point(scroll: Double) -> Point { Point(x: 0, y: scroll) }
}

/// Lines stack across the page, as columns: scroll is x.
@usableFromInline enum HorizontalFlow: FlowAxes {
    @inlinable @inline(__always) static func crossLength(_ size: Size) -> Double { size.height }
    @inlinable @inline(__always) static func scrollStart(_ frame: Rect) -> Double { frame.origin.x }
    @inlinable @inline(__always) static func scrollLength(_ size: Size) -> Double { size.width }
    @inlinable @inline(__always) static func frame(
        scroll: Double, scrollLength: Double, cross: Double, crossLength: Double
    ) -> Rect {
        Rect(x: scroll, y: cross, width: scrollLength, height: crossLength)
    }
    @inlinable @inline(__always) static func point(scroll: Double) -> Point { Point(x: scroll, y: 0) }
}

/// Where an item of `length` starts along the scroll axis in a line at `lineStart`, `thickness` long: a type for
/// each `FlowLayout.LineAlignment`, so that a section's lines are written by code specialised for its alignment.
@usableFromInline protocol FlowLineAlignment {
    static func start(ofItem length: Double, inLineAt lineStart: Double, thickness: Double) -> Double
}

@usableFromInline enum TopAlignment: FlowLineAlignment {
    @inlinable @inline(__always) static func start(ofItem length: Double, inLineAt lineStart: Double, thickness: Double)
        -> Double
    {
        lineStart
    }
}

@usableFromInline enum CenterAlignment: FlowLineAlignment {
    @inlinable @inline(__always) static func start(ofItem length: Double, inLineAt lineStart: Double, thickness: Double)
        -> Double
    {
        lineStart + ScrollGrid.snapped((thickness - length) / 2)
    }
}

@usableFromInline enum BottomAlignment: FlowLineAlignment {
    @inlinable @inline(__always) static func start(ofItem length: Double, inLineAt lineStart: Double, thickness: Double)
        -> Double
    {
        lineStart + ScrollGrid.snapped(thickness - length)
    }
}

extension FlowLayout: UpdatableLayout {
    /// Gives item `item` of `section` the size `size`.
    ///
    /// - Parameters:
    ///   - size: The item's new size, a valid one.
    ///   - item: The number of an item of `section`.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.set(_:at:)`.
    public mutating func setSize(_ size: Size, ofItem item: Int, inSection section: Int) {
        sections.update(section) { $0.itemSizes.set(size, at: item) }
    }

    /// Inserts an item of `size` before item `item` of `section` (its item count appends).
    ///
    /// - Parameters:
    ///   - size: The new item's size, a valid one.
    ///   - item: The number the new item takes in `section`, from 0 to the section's item count.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.insert(_:at:)`.
    public mutating func insertItem(_ size: Size, at item: Int, inSection section: Int) {
        sections.update(section) { $0.itemSizes.insert(size, at: item) }
        elementCount += 1
    }

    /// Removes item `item` of `section`.
    ///
    /// - Parameters:
    ///   - item: The number of an item of `section`.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.remove(at:)`.
    public mutating func removeItem(at item: Int, inSection section: Int) {
        sections.update(section) { $0.itemSizes.remove(at: item) }
        elementCount -= 1
    }

    /// Replaces section `section` with one of `data`.
    ///
    /// - Parameters:
    ///   - section: The number of a section of the data.
    ///   - data: The new section, a valid one.
    /// - Complexity: O(log *s*) for *s* sections.
    public mutating func replaceSection(at section: Int, with data: LayoutSection) {
        elementCount += Self.elementCount(of: data) - Self.elementCount(of: sections[section])
        sections[section] = data
    }

    /// Inserts a section of `data` before section `section` (the section count appends).
    ///
    /// - Parameters:
    ///   - data: The new section, a valid one.
    ///   - section: The number the new section takes, from 0 to the section count.
    /// - Complexity: What `BlockedArray.insert(_:at:)` costs for the sections.
    public mutating func insertSection(_ data: LayoutSection, at section: Int) {
        elementCount += Self.elementCount(of: data)
        sections.insert(data, at: section)
    }

    /// Removes section `section`.
    ///
    /// - Parameter section: The number of a section of the data.
    /// - Complexity: What `BlockedArray.remove(at:)` costs for the sections.
    public mutating func removeSection(at section: Int) {
        elementCount -= Self.elementCount(of: sections.remove(at: section))
    }
}
