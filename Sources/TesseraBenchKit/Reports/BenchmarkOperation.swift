/// The operations timed for each layout, strategy and item count.
package enum BenchmarkOperation: String, Codable, CaseIterable, Sendable {
    /// `prepare` into a fresh layout: allocation and first-touch page faults included.
    case prepareCold = "prepare-cold"
    /// `prepare` again after a bounds-size change, into the buffers of the last one.
    case prepareWarm = "prepare-warm"
    /// One rect query a frame, replaying the scroll trace.
    case query
    /// Writing as many bytes as the design holds into a warm buffer: the bandwidth floor for a prepare.
    case fillFloor = "fill-floor"
    /// One item of the first section takes a new size (the worst case for shifting what follows it).
    case updateResize = "update-resize"
    /// One item inserted at the start of the first section.
    case updateInsert = "update-insert"
    /// One item deleted from the start of the first section.
    case updateDelete = "update-delete"
    /// A `performBatchUpdates` batch of 100 random updates of every kind the layout takes.
    case updateBatch = "update-batch"
    /// The trace's frames before its rotation, on a freshly prepared layout, just before the batches.
    case queryBeforeUpdates = "query-before-updates"
    /// The same frames on the layout the batches left, updated in place and not prepared again.
    case queryAfterUpdates = "query-after-updates"
    /// One frame of the trace over a layout built from estimated sizes, where each cell reports its real size
    /// the first time it shows: the query, the size updates, and the query again after them.
    case selfSizingScroll = "self-sizing-scroll"
    /// The same over a jump into the layout's middle and a scroll upwards, each cell reporting its size as it comes
    /// within a viewport above the view: resized above the anchor, which the offset keeps in place.
    case selfSizingScrollUp = "self-sizing-scroll-up"
    /// `update-resize`, `update-insert` and `update-delete` keeping the first visible element of a view in the
    /// layout's middle where it was on screen (`ScrollAnchor`), each returning the offset that does.
    case updateResizeAnchored = "update-resize-anchored"
    case updateInsertAnchored = "update-insert-anchored"
    case updateDeleteAnchored = "update-delete-anchored"
}
