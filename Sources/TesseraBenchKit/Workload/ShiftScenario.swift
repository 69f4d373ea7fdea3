import Tessera

/// A sequence of changes a user sees, over which `run` measures layout shift: how far each change moved the anchor
/// on screen, against a fresh layout of the changed data (`ShiftPlan`, `LayoutShift`).
package enum ShiftScenario: String, Codable, CaseIterable, Sendable {
    /// A layout of estimated cell sizes scrolled down from the top, each cell reporting its real size when it first
    /// shows (UIKit's self-sizing); the first visible element is kept.
    case selfSizingDown = "self-sizing-down"
    /// The same layout of estimates, a jump into its middle, then a scroll upwards through cells never measured, each
    /// measured as it comes within a viewport above the view (the prefetch of a scroll up): resized above the anchor.
    case selfSizingUp = "self-sizing-up"
    /// One cell inserted above the viewport at a time, at random offsets; the first visible element is kept.
    case insertAbove = "insert-above"
    /// One cell deleted above the viewport at a time.
    case deleteAbove = "delete-above"
    /// Batches of inserts and deletes above the viewport, every other one deleting the anchor's own cell too, and in
    /// a layout of sections, now and then a whole section above.
    case batchAbove = "batch-above"
    /// 100 items put before the first of a view near the top, the last visible element kept: a chat loading its
    /// history.
    case historyPrepend = "history-prepend"
    /// One item appended to a view at the content's end, which follows it (`ScrollAnchor.contentEnd`): a chat's new
    /// message.
    case appendAtEnd = "append-at-end"
    /// A rotation at a random offset, each keeping the first visible element, the last, or an item in turn.
    case rotation

    /// What the scenario does, for the report.
    package var summary: String {
        switch self {
        case .selfSizingDown: "self-sizing, scrolling down from estimates"
        case .selfSizingUp: "self-sizing, a jump to the middle, then scrolling up"
        case .insertAbove: "one-cell inserts above the viewport"
        case .deleteAbove: "one-cell deletes above the viewport"
        case .batchAbove: "batches of inserts and deletes above the viewport, some deleting the anchor"
        case .historyPrepend: "100 items put before a bottom-anchored view (chat history)"
        case .appendAtEnd: "an append while at the end"
        case .rotation: "rotations at random offsets"
        }
    }
}
