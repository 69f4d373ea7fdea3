// Mosaic's segments follow one cycle from its first (one item, then two, three and three, again and again) while
// three or more items remain; only the last few regroup to fit the count. So a segment that starts three or more
// items before the end, both as laid out and after the change, starts at a place and a height that follow from
// its number alone: the write resumes at the last such segment at or before the change and runs to the end, since
// every later item moves to another place in the cycle. A batch's changes are written in one such pass.
extension MosaicLayout {
    /// Writes the items again from the last segment that starts at or before the change, three or more items before the
    /// end both as laid out and after the change, to the section's end: every later item moves to another place in the
    /// cycle. With another change after this one, says at once that the write reaches it.
    ///
    /// - Parameters:
    ///   - section: The number of the section: 0.
    ///   - edit: The run of changed items.
    ///   - laidOut: The section as laid out before the edit.
    ///   - writer: The writer to write the items into, relative to the section's origin.
    ///   - viewport: The viewport the layout was prepared for.
    /// - Returns: The first item written and the section's new length; or, when `edit.horizon` is not `Int.max`, a
    ///   write that reached it, with nothing written.
    /// - Complexity: O(*w*) for the *w* items from the segment resumed at to the end; O(1) when another change follows.
    @inlinable public func rewrite<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, after edit: ItemEdit, laidOut: inout LaidOutSection, into writer: inout Writer, viewport: Size
    ) -> PartialWrite? {
        // The write never joins, so with another change after this one it would only reach it: say so at once, and
        // the engine writes this change and every later one in one pass (rather than a pass to the end for each).
        guard edit.horizon == .max else { return PartialWrite(start: edit.first, end: .horizon) }
        let (start, segment, row) = Self.segment(
            atOrBefore: Swift.min(edit.first, Swift.min(itemCount, laidOut.itemCount) - 3))
        let bottom = writeSegments(
            from: start, segment: segment, top: Double(row) * (Self.segmentHeight + 1) + 1, into: &writer,
            viewport: viewport)
        return PartialWrite(start: start, end: .sectionEnd(length: bottom))
    }

    /// The last segment that starts at or before item `item` in the cycle: its first item, its kind, and its
    /// number (the first segment, at item 0, for an item below 1).
    @inlinable static func segment(atOrBefore item: Int) -> (first: Int, segment: Segment, row: Int) {
        guard item >= 1 else { return (0, .fullWidth, 0) }
        // After the first, the cycle repeats every 8 items in three segments, at its items 0, 2 and 5.
        let (cycle, offset) = (item - 1).quotientAndRemainder(dividingBy: 8)
        let (place, segment, index) =
            offset >= 5
            ? (5, Segment.oneThirdTwoThirds, 2) : offset >= 2 ? (2, .twoThirdsOneThird, 1) : (0, .fiftyFifty, 0)
        return (1 + 8 * cycle + place, segment, 1 + 3 * cycle + index)
    }
}
