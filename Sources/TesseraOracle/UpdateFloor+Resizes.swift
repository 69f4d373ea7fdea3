import Tessera

extension UpdateFloor {
    /// The elements a batch of resizes must write, `layout` resized in place: what
    /// `elements(of:before:after:viewport:reusing:)` finds for them, without a copy of the data before and after.
    /// Where sections are one array (a million sections of one item), that copy, not the floor, would cost a
    /// self-sizing frame its time.
    ///
    /// Resizes change no section's or item's count, so the layout after them answers every count the walk asks of
    /// the one before; the sections they change are laid out before they change (those `laidOut` holds already are
    /// not laid out again).
    ///
    /// - Parameters:
    ///   - layout: The layout's data before the resizes; on return, after them.
    ///   - resizes: The update: `LayoutUpdate.resizeItem`s alone, as `CollectionLayout.apply(_:)` takes them.
    ///   - viewport: The size of the collection view's bounds.
    ///   - laidOut: Sections of `layout` laid out for `viewport`; on return, the sections the resizes changed, as
    ///     they left them.
    /// - Returns: The number of elements the resizes must write.
    /// - Throws: `LayoutError.invalidUpdate` when an update is not a resize, or the batch does not fit the data, with
    ///   nothing changed.
    /// - Complexity: O(*b* log *b*) for the *b* resizes, plus O(*m*) for each section they change, of *m* elements,
    ///   plus the layout's edits.
    @inlinable public static func elements<Layout: UpdatableLayout>(
        resizing layout: inout Layout, by resizes: [LayoutUpdate], viewport: Size,
        reusing laidOut: inout LaidOutSections
    ) throws(LayoutError) -> Int {
        var changed = Set<Int>()
        for update in resizes {
            guard case .resizeItem(let path, _) = update else {
                throw .invalidUpdate("a floor of resizes takes resizes alone, not \(update)")
            }
            changed.insert(path.section)
        }
        try layout.check(resizes)
        var sections = laidOut.viewport == viewport ? laidOut.sections : [:]
        for section in changed where sections[section] == nil {
            sections[section] = RecordedSection(section, of: layout, viewport: viewport)
        }
        try layout.apply(resizes)
        laidOut = LaidOutSections(viewport: viewport, sections: sections)
        return try elements(of: resizes, before: layout, after: layout, viewport: viewport, reusing: &laidOut)
    }
}
