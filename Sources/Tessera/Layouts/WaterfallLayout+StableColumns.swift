// The waterfall's stable columns (`ColumnPlacement.stable`): each photo keeps the column it was first placed in, so a
// photo whose size arrives, or before which photos are inserted or deleted, moves only the photos below it in its own
// column; a new photo goes to the column that is shortest where it is inserted (FlashList's fix for photos that hop
// columns as their sizes arrive). The columns are the data's, decided when a photo joins it and kept by every edit,
// so a fresh layout of the same data puts every photo where the engine has it.

/// Where a waterfall puts each photo.
public enum ColumnPlacement: Hashable, Sendable {
    /// Each photo in the column that is shortest when it is laid out, the first of the shortest (Pinterest's rule): a
    /// change above a photo can move it to another column.
    case shortest
    /// Each photo in the column it was first placed in: the shortest where it joined the data. Columns drift apart in
    /// height as sizes change; a change never moves a photo to another column.
    case stable
}

/// A photo's column, as `ColumnPlacement.stable` keeps it.
@usableFromInline struct KeptColumn: Hashable, Sendable {
    @usableFromInline var index: UInt16

    @inlinable init(_ index: Int) { self.index = UInt16(truncatingIfNeeded: index) }
}

/// One section's photos' columns under `ColumnPlacement.stable`, and how far each column reaches below the section's
/// header: the advances of its photos, summed on the scroll grid (exact, so edits keep them as a fresh sum has them).
@usableFromInline struct SectionColumns: Hashable, Sendable {
    @usableFromInline var columns: BlockedArray<KeptColumn>
    @usableFromInline var ends: [Double]

    @inlinable init(columns: BlockedArray<KeptColumn>, ends: [Double]) {
        self.columns = columns
        self.ends = ends
    }

    /// How far a photo `height` tall moves its column, with `padding` (on the grid) above and below it: as
    /// `WaterfallGeometry.advance`, which needs no viewport.
    @inlinable static func advance(_ height: Double, padding: Double) -> Double {
        ScrollGrid.snapped(height) + 2 * padding
    }

    /// Each photo of `sizes` placed as a full write places it, in the shortest column (the first of the shortest),
    /// each padded by `padding` (on the grid).
    ///
    /// - Complexity: O(*m* × *c*) for *m* photos in *c* columns.
    init(_ sizes: ItemSizes, columns count: Int, padding: Double) {
        var ends = [Double](repeating: 0, count: count)
        var columns: [KeptColumn] = []
        columns.reserveCapacity(sizes.count)
        for item in 0..<sizes.count {
            let column = Self.shortest(of: ends)
            columns.append(KeptColumn(column))
            ends[column] += Self.advance(sizes[item].height, padding: padding)
        }
        self.init(columns: BlockedArray(columns), ends: ends)
    }

    /// The first of the shortest columns of `ends`.
    @inlinable static func shortest(of ends: some RandomAccessCollection<Double>) -> Int {
        var column = 0
        var shortest = Double.infinity
        for (candidate, end) in ends.enumerated() where end < shortest { (column, shortest) = (candidate, end) }
        return column
    }

    /// Puts a photo of `height` before photo `item` of a section sized `sizes` (as before the insert), in the column
    /// shortest there: each column's end less what its photos from `item` on add.
    ///
    /// - Complexity: O((*m* − `item`) + *c*): the photos after the place are read, never those before it, so that an
    ///   append costs nothing of the section's length.
    mutating func insert(at item: Int, height: Double, sizes: ItemSizes, padding: Double) {
        // The ends before the place, on the stack: a copy of `ends` was an allocation an insert.
        let column = withUnsafeTemporaryAllocation(of: Double.self, capacity: ends.count) { before in
            _ = before.initialize(from: ends)
            for later in item..<columns.count {
                before[Int(columns[later].index)] -= Self.advance(sizes[later].height, padding: padding)
            }
            return Self.shortest(of: before)
        }
        columns.insert(KeptColumn(column), at: item)
        ends[column] += Self.advance(height, padding: padding)
    }

    /// Removes photo `item`, of `height`.
    ///
    /// - Complexity: What `BlockedArray.remove(at:)` costs.
    mutating func remove(at item: Int, height: Double, padding: Double) {
        ends[Int(columns.remove(at: item).index)] -= Self.advance(height, padding: padding)
    }

    /// Photo `item`'s height changes from `old` to `new`; it stays in its column.
    ///
    /// - Complexity: O(log *b*) for a list of *b* blocks.
    mutating func resize(_ item: Int, from old: Double, to new: Double, padding: Double) {
        ends[Int(columns[item].index)] += Self.advance(new, padding: padding) - Self.advance(old, padding: padding)
    }
}

extension WaterfallLayout {
    /// The column photo `item` of `section` is in, when the columns are stable; `nil` under
    /// `ColumnPlacement.shortest`, where a photo's column is the layout's to decide as it writes.
    ///
    /// - Parameters:
    ///   - item: The number of an item of `section`.
    ///   - section: The number of a section of the data.
    /// - Returns: The photo's column, from 0, or `nil`.
    /// - Complexity: O(log *s*) for *s* sections, and O(log *b*) for a section's list of *b* blocks.
    public func column(ofItem item: Int, inSection section: Int) -> Int? {
        guard configuration.columnPlacement == .stable else { return nil }
        return Int(placements[section].columns[item].index)
    }

    /// The padding above and below a photo, on the grid, as the stable columns sum it.
    var gridPadding: Double { ScrollGrid.snapped(configuration.cellPadding) }

    /// The stable columns of a section of `data`.
    func placement(of data: LayoutSection) -> SectionColumns {
        SectionColumns(data.itemSizes, columns: configuration.columns, padding: gridPadding)
    }

    /// Puts photos `items` of `sizes` each in its kept column of `kept`, moving `columnEnds` on by each: the stable
    /// columns' `placePhotos`.
    @inlinable func placePhotos<Writer: LayoutWriter & ~Copyable, Sizes: ItemSizeSource>(
        _ sizes: Sizes, _ items: Range<Int>, keptIn kept: SectionColumns,
        columnEnds: UnsafeMutablePointer<Double>, into writer: inout Writer, _ geometry: WaterfallGeometry
    ) {
        let first = items.lowerBound
        writer.appendCells(items.count) { index in
            geometry.place(
                sizes[first &+ index].height, inColumn: Int(kept.columns[first &+ index].index), of: columnEnds)
        }
    }
}

extension WaterfallGeometry {
    /// Puts a photo `photoHeight` tall in `column`, moves that column's end on, and returns the photo's frame.
    @inlinable @inline(__always) func place(
        _ photoHeight: Double, inColumn column: Int, of columnEnds: UnsafeMutablePointer<Double>
    ) -> Rect {
        let top = columnEnds[column]
        columnEnds[column] = top + advance(photoHeight)
        return Rect(x: x(ofColumn: column), y: top + gridPadding, width: photoWidth, height: photoHeight)
    }
}
