// An item's place is its index times the step: an insert or delete writes the items it adds and moves every later
// item by the change of count times the step, exactly (both lie on the scroll grid).
extension CarouselLayout {
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
