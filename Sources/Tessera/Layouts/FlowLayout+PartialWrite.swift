// The flow resumes at a line's start. Lines are packed greedily, each from its first item, so the lines before
// the one that holds the item before a change keep their items, and that line is written again from its start.
// After the change, a line that starts at an item where a laid-out line started is followed by the same items, so
// by the same lines (the last one justified the same way too): the write joins the laid-out lines there, moved by
// the difference of the two lines' starts. Line starts are marked as the lines are written.
extension FlowLayout {
    /// Writes `section`'s lines again from the start of the laid-out line that holds the item before `edit`, until a
    /// line starts at an item where a laid-out line started after the change, the items end, or `edit.horizon`.
    ///
    /// - Parameters:
    ///   - section: The number of the section to write again, whose data the edit has changed already.
    ///   - edit: The run of changed items.
    ///   - laidOut: The section as laid out before the edit, with its line starts marked.
    ///   - writer: The writer to write the section's elements into, relative to the section's origin.
    ///   - viewport: The viewport the layout was prepared for.
    /// - Returns: The first item written (the first of its line) and how the write ended.
    /// - Complexity: O(*w*) for the *w* items written, plus the laid-out items read back to find the lines' starts,
    ///   O(1) each in the chunk read last and O(log *n*) otherwise.
    @inlinable public func rewrite<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, after edit: ItemEdit, laidOut: inout LaidOutSection, into writer: inout Writer, viewport: Size
    ) -> PartialWrite? {
        let geometry = FlowGeometry(configuration, viewport: viewport)
        let data = sections[section]
        var start = Swift.min(Swift.max(edit.first - 1, 0), laidOut.itemCount - 1)
        while start > 0, !laidOut.isResumePoint(item: start) { start -= 1 }
        return switch (geometry.vertical, geometry.alignment) {
        case (true, .top):
            geometry.rewriteLines(
                of: data, from: start, after: edit, laidOut: &laidOut, into: &writer, VerticalFlow.self,
                TopAlignment.self)
        case (true, .center):
            geometry.rewriteLines(
                of: data, from: start, after: edit, laidOut: &laidOut, into: &writer, VerticalFlow.self,
                CenterAlignment.self)
        case (true, .bottom):
            geometry.rewriteLines(
                of: data, from: start, after: edit, laidOut: &laidOut, into: &writer, VerticalFlow.self,
                BottomAlignment.self)
        case (false, .top):
            geometry.rewriteLines(
                of: data, from: start, after: edit, laidOut: &laidOut, into: &writer, HorizontalFlow.self,
                TopAlignment.self)
        case (false, .center):
            geometry.rewriteLines(
                of: data, from: start, after: edit, laidOut: &laidOut, into: &writer, HorizontalFlow.self,
                CenterAlignment.self)
        case (false, .bottom):
            geometry.rewriteLines(
                of: data, from: start, after: edit, laidOut: &laidOut, into: &writer, HorizontalFlow.self,
                BottomAlignment.self)
        }
    }
}

extension FlowGeometry {
    /// Writes `section`'s lines again from the laid-out line that starts at item `start`, until a line joins the
    /// laid-out ones after `edit`, the items end (then the inset and the footer follow), or `edit.horizon`.
    @inlinable
    func rewriteLines<Writer: LayoutWriter & ~Copyable, Axes: FlowAxes, Alignment: FlowLineAlignment>(
        of section: LayoutSection, from start: Int, after edit: ItemEdit, laidOut: inout LaidOutSection,
        into writer: inout Writer, _ axes: Axes.Type, _ alignment: Alignment.Type
    ) -> PartialWrite {
        // Returns the end rather than setting a variable it captures: a captured variable, with the function
        // passed on inside closures, would be boxed on the heap (an allocation an update).
        func stops(_ item: Int, _ lineStart: Double) -> PartialWrite.End? {
            guard edit.mayJoin(at: item) else { return item >= edit.horizon ? .horizon : nil }
            let laidOutItem = edit.oldItem(ofNew: item)
            guard laidOutItem < laidOut.itemCount, laidOut.isResumePoint(item: laidOutItem) else { return nil }
            return .joined(item: item, shift: lineStart - Self.lineStart(at: laidOutItem, in: &laidOut, Axes.self))
        }
        let lineStart = Self.lineStart(at: start, in: &laidOut, Axes.self)
        let (end, position) = section.itemSizes.read(
            uniform: {
                writeLines(
                    $0, from: start, lineStart: lineStart, into: &writer, Axes.self, Alignment.self, stops: stops)
            },
            flat: {
                writeLines(
                    $0, from: start, lineStart: lineStart, into: &writer, Axes.self, Alignment.self, stops: stops)
            },
            blocked: {
                writeLines(
                    $0, from: start, lineStart: lineStart, into: &writer, Axes.self, Alignment.self, stops: stops)
            }
        )
        if let end { return PartialWrite(start: start, end: end) }
        var length = position + insetAfter
        if let height = section.footerHeight, height > 0 {
            writer.append(.footer, frame: fullWidthFrame(at: length, length: height))
            length += ScrollGrid.snapped(height)
        }
        return PartialWrite(start: start, end: .sectionEnd(length: length))
    }

    /// Where the laid-out line that starts at item `first` starts: the least start of its items, since its
    /// thickest item sits at the line's start whatever the alignment.
    ///
    /// - Complexity: O(*k*) for the line's *k* items.
    @inlinable static func lineStart<Axes: FlowAxes>(at first: Int, in laidOut: inout LaidOutSection, _ axes: Axes.Type)
        -> Double
    {
        var start = Axes.scrollStart(laidOut.frame(ofItem: first))
        var item = first + 1
        while item < laidOut.itemCount, !laidOut.isResumePoint(item: item) {
            start = Swift.min(start, Axes.scrollStart(laidOut.frame(ofItem: item)))
            item += 1
        }
        return start
    }
}
