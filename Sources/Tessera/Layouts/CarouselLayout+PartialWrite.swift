// An item's place is its index times the step: an insert or delete writes the items it adds and moves every later
// item by the change of count times the step, exactly (both lie on the scroll grid).
extension CarouselLayout {
    /// Writes the items the edit adds or changes, at their places in the step, and joins the laid-out items at the
    /// first after the change, moved by the change of count times the step; or writes to the end when no laid-out item
    /// follows.
    ///
    /// - Parameters:
    ///   - section: The number of the section: 0.
    ///   - edit: The run of changed items.
    ///   - laidOut: The section as laid out before the edit.
    ///   - writer: The writer to write the items into, relative to the section's origin.
    ///   - viewport: The viewport the layout was prepared for.
    /// - Returns: The first item written (`edit.first`) and how the write ended.
    /// - Complexity: O(*w*) for the *w* items written, plus one laid-out item read back, O(log *n*) at most.
    @inlinable public func rewrite<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, after edit: ItemEdit, laidOut: inout LaidOutSection, into writer: inout Writer, viewport: Size
    ) -> PartialWrite? {
        let (gridInset, gridStep, insetY) = grid(viewport)
        let item = configuration.itemSize
        let start = edit.first
        let joins = edit.newEnd < itemCount && edit.oldEnd < laidOut.itemCount
        let end = joins ? edit.newEnd : itemCount
        writer.appendCells(end - start) { index in
            Rect(x: gridInset + Double(start + index) * gridStep, y: insetY, width: item.width, height: item.height)
        }
        guard joins else {
            return PartialWrite(
                start: start, end: .sectionEnd(length: length(gridInset: gridInset, gridStep: gridStep)))
        }
        let shift = (gridInset + Double(edit.newEnd) * gridStep) - laidOut.frame(ofItem: edit.oldEnd).minX
        return PartialWrite(start: start, end: .joined(item: edit.newEnd, shift: shift))
    }
}
