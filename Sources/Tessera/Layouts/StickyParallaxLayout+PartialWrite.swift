// Stacked cells resume at the changed item, from where the laid-out item there starts (less the spacing above it),
// and join the laid-out cells at the first item after the change: every later cell moves by the same length.
extension StickyParallaxLayout {
    /// Writes `section`'s cells again from the first changed one, from where the laid-out cell there starts, and joins
    /// the laid-out cells at the first after the change, moved by one length; or writes to the section's end, with its
    /// footer, when no laid-out cell follows.
    ///
    /// - Parameters:
    ///   - section: The number of the section to write again, whose data the edit has changed already.
    ///   - edit: The run of changed items.
    ///   - laidOut: The section as laid out before the edit.
    ///   - writer: The writer to write the section's elements into, relative to the section's origin.
    ///   - viewport: The viewport the layout was prepared for.
    /// - Returns: The first item written (`edit.first`) and how the write ended.
    /// - Complexity: O(*w*) for the *w* cells written (O(*w* log *b*) when their sizes are a long list of *b* blocks),
    ///   plus O(log *s*) to find the section among *s* and two laid-out cells read back, O(log *n*) each at most.
    @inlinable public func rewrite<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, after edit: ItemEdit, laidOut: inout LaidOutSection, into writer: inout Writer, viewport: Size
    ) -> PartialWrite? {
        let settings = configuration
        let (spacing, x, width) = (
            ScrollGrid.snapped(settings.minimumLineSpacing), settings.minimumInteritemSpacing, viewport.width
        )
        let itemSizes = sections[section].itemSizes
        let start = edit.first
        // Where the cell before `start` ends.
        var y: Double
        if start < laidOut.itemCount {
            y = laidOut.frame(ofItem: start).minY - spacing
        } else {
            let last = laidOut.frame(ofItem: start - 1)
            y = last.minY + ScrollGrid.snapped(last.height)
        }
        for item in start..<itemSizes.count {
            if edit.mayJoin(at: item), edit.oldItem(ofNew: item) < laidOut.itemCount {
                let shift = (y + spacing) - laidOut.frame(ofItem: edit.oldItem(ofNew: item)).minY
                return PartialWrite(start: start, end: .joined(item: item, shift: shift))
            }
            if item >= edit.horizon { return PartialWrite(start: start, end: .horizon) }
            let height = itemSizes[item].height
            y += spacing
            writer.append(.cell, frame: Rect(x: x, y: y, width: width, height: height))
            y += ScrollGrid.snapped(height)
        }
        if settings.sectionFooterHeight > 0 {
            writer.append(.footer, frame: Rect(x: 0, y: y, width: width, height: settings.sectionFooterHeight))
            y += ScrollGrid.snapped(settings.sectionFooterHeight)
        }
        return PartialWrite(start: start, end: .sectionEnd(length: y))
    }
}
