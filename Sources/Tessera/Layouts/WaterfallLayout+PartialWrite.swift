// The waterfall resumes at the changed item, with each column's end read back from the last laid-out photo in it
// before that item. After the change, it keeps the laid-out columns' ends in step, photo by photo, beside its own:
// where all of its columns are ahead of the laid-out ones by the same length, the same photos go to the same
// columns from there on (the shortest column is the same when every column moves alike), so the write joins the
// laid-out photos, moved by that length. Heights that differ by fractions may keep the columns from ever agreeing
// again (so do whole-point heights after a change of odd length in two columns: the difference between the columns
// keeps its parity, photo after photo); then the write runs to the section's end, and stops looking for a join once
// `joinWindow` photos have gone by without one, since reading a laid-out frame costs a descent of the store. From
// there it places the rest as a full write does, as one run of cells read in order.
extension WaterfallLayout {
    /// The photos after a change a write looks for a join among; columns that agree again mostly do within a few
    /// dozen.
    @inlinable static var joinWindow: Int { 4096 }

    /// Writes `section`'s photos again from the first changed one, with each column's end read back from the last
    /// laid-out photo in it before that one, until every column is ahead of the laid-out ones by the same length, the
    /// photos end, or `edit.horizon`. Past `joinWindow` photos, it stops looking for a join.
    ///
    /// - Parameters:
    ///   - section: The number of the section to write again, whose data the edit has changed already.
    ///   - edit: The run of changed items.
    ///   - laidOut: The section as laid out before the edit.
    ///   - writer: The writer to write the section's elements into, relative to the section's origin.
    ///   - viewport: The viewport the layout was prepared for.
    /// - Returns: The first item written (`edit.first`) and how the write ended.
    /// - Complexity: O(*w* × *c*) for the *w* photos written in *c* columns, with O(log *b*) more for each of the
    ///   first `joinWindow` when their sizes are a long list of *b* blocks; plus the laid-out photos read back, O(1)
    ///   each in the chunk read last and O(log *n*) otherwise: those before the change back to the last one in each
    ///   column (*c* at least, every one before it at most), and one for each photo written within `joinWindow`.
    @inlinable public func rewrite<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, after edit: ItemEdit, laidOut: inout LaidOutSection, into writer: inout Writer, viewport: Size
    ) -> PartialWrite? {
        let geometry = WaterfallGeometry(configuration, viewport: viewport)
        let (columns, columnWidth, padding, gridPadding) = (
            geometry.columns, geometry.columnWidth, geometry.padding, geometry.gridPadding
        )
        let data = sections[section]
        let kept = keptColumns(section)
        let headerEnd = ScrollGrid.snapped(data.headerHeight ?? configuration.headerHeight)
        let start = edit.first
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * columns) { ends in
            // This write's columns and, after them, the laid-out columns before `laidOutItem`.
            let (columnEnds, laidOutEnds) = (ends.baseAddress!, ends.baseAddress! + columns)
            let secondX = geometry.x(ofColumn: 1)
            /// The column a laid-out photo is in, and where that column ended once the photo was in.
            func placement(ofLaidOut item: Int) -> (column: Int, end: Double) {
                let frame = laidOut.frame(ofItem: item)
                // A photo's x is its column's, as the write made it: two columns (the default) are told apart by one
                // comparison, with no division and no rounding.
                let column =
                    columns == 2
                    ? (frame.minX == secondX ? 1 : 0)
                    : Swift.min(Swift.max(Int(((frame.minX - padding) / columnWidth).rounded()), 0), columns - 1)
                return (column, (frame.minY - gridPadding) + geometry.advance(frame.height))
            }
            // Each column ends below the last photo put in it before `start`, or below the header.
            ends.initialize(repeating: .nan)
            var found = 0
            var item = start - 1
            while item >= 0, found < columns {
                let (column, end) = placement(ofLaidOut: item)
                if columnEnds[column].isNaN {
                    columnEnds[column] = end
                    found += 1
                }
                item -= 1
            }
            for column in 0..<columns where columnEnds[column].isNaN { columnEnds[column] = headerEnd }
            laidOutEnds.update(from: columnEnds, count: columns)
            let count = data.itemSizes.count
            let windowEnd = start + Swift.min(count - start, Self.joinWindow)
            /// Writes the photos of the window until one joins the laid-out ones or the horizon comes: the sizes read
            /// from the list where they are, not through the section's enum a photo.
            /// (`laidOutItem` is declared in it: a variable the closures below captured was boxed, a malloc an update.)
            func writeWindow<Sizes: ItemSizeSource>(_ sizes: Sizes) -> PartialWrite? {
                // The placement chosen once, not a photo: under `.shortest` the loop is the one it was before
                // stable columns.
                if let kept {
                    return writeWindow(sizes) { item in
                        geometry.place(sizes[item].height, inColumn: Int(kept.columns[item].index), of: columnEnds)
                    }
                }
                return writeWindow(sizes) { item in geometry.place(sizes[item].height, in: columnEnds) }
            }
            func writeWindow<Sizes: ItemSizeSource>(_ sizes: Sizes, placing place: (Int) -> Rect) -> PartialWrite? {
                var laidOutItem = start
                for item in start..<windowEnd {
                    if edit.mayJoin(at: item) {
                        let target = edit.oldItem(ofNew: item)
                        if target < laidOut.itemCount {
                            while laidOutItem < target {
                                let (column, end) = placement(ofLaidOut: laidOutItem)
                                laidOutEnds[column] = end
                                laidOutItem += 1
                            }
                            let shift = columnEnds[0] - laidOutEnds[0]
                            if (1..<columns).allSatisfy({ columnEnds[$0] - laidOutEnds[$0] == shift }) {
                                return PartialWrite(start: start, end: .joined(item: item, shift: shift))
                            }
                        }
                    } else if item >= edit.horizon {
                        return PartialWrite(start: start, end: .horizon)
                    }
                    writer.append(.cell, frame: place(item))
                }
                return nil
            }
            if let ended = data.itemSizes.read(
                uniform: { writeWindow($0) }, flat: { writeWindow($0) }, blocked: { writeWindow($0) })
            {
                return ended
            }
            // Past the window, no join is looked for: the photos up to the horizon go in as a full write puts them.
            let tailEnd = Swift.max(windowEnd, Swift.min(count, edit.horizon))
            if let kept {
                data.itemSizes.read(
                    uniform: {
                        placePhotos(
                            $0, windowEnd..<tailEnd, keptIn: kept, columnEnds: columnEnds, into: &writer, geometry)
                    },
                    flat: {
                        placePhotos(
                            $0, windowEnd..<tailEnd, keptIn: kept, columnEnds: columnEnds, into: &writer, geometry)
                    },
                    blocked: {
                        placePhotos(
                            $0, windowEnd..<tailEnd, keptIn: kept, columnEnds: columnEnds, into: &writer, geometry)
                    })
            } else {
                placePhotos(of: data, windowEnd..<tailEnd, columnEnds: columnEnds, into: &writer, geometry)
            }
            if tailEnd < count { return PartialWrite(start: start, end: .horizon) }
            let length = (0..<columns).reduce(-Double.infinity) { Swift.max($0, columnEnds[$1]) }
            return PartialWrite(start: start, end: .sectionEnd(length: length))
        }
    }
}
