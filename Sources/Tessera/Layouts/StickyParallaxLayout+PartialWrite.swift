// Stacked cells resume at the changed item, from where the laid-out item there starts (less the spacing above it),
// and join the laid-out cells at the first item after the change: every later cell moves by the same length.
extension StickyParallaxLayout {
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
