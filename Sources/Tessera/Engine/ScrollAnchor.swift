/// What a change keeps in place on screen: the element whose place in the viewport the content offset a change
/// returns preserves.
///
/// Every change that can move what the user sees takes one: a batch (`CollectionLayout.apply(_:keeping:at:)`),
/// self-sizing (`CollectionLayout.invalidate(sizes:keeping:at:)`) and a new viewport
/// (`CollectionLayout.prepare(viewport:keeping:at:)`). The element is found in the layout before the change, with
/// its distance from the edge of the viewport it is anchored to; the change returns the content offset that puts it
/// at that distance again in the layout after it. Anchors follow the layout's frames, not the effects a scroll
/// applies to them (a pinned header is found where the layout placed it).
///
/// When a batch deletes or moves the anchor's element, the nearest element after it in layout order that the batch
/// keeps in place takes its place (else the nearest before it), with its own distance. A batch keeps an element in
/// place unless it deletes, moves or reloads it (UIKit reloads as a delete and an insert), or deletes, moves or
/// reloads its section; a layout's own elements (the sticky layout's top header and menu) are always kept. The offset
/// returned is clamped to the content as UIKit clamps it: from 0 to the content's length less the viewport's, on
/// each axis.
public enum ScrollAnchor: Hashable, Sendable {
    /// The first element in layout order that the visible rect shows (strictly, as `Rect.intersects`): its near
    /// edge keeps its distance from the viewport's leading edge. UIKit's rule for self-sizing, and the default.
    case firstVisible
    /// The last element in layout order that the visible rect shows: its far edge keeps its distance from the
    /// viewport's trailing edge. For lists read from the bottom: chats, logs.
    case lastVisible
    /// An item, with the viewport's leading edge `offset` points past the item's near edge (negative: before it),
    /// as Zed's list keeps an item and the offset in it; the content offset given with the change is not read.
    case item(ItemPath, offset: Double)
    /// The content's end, while the view is at it (its trailing edge within half a point of the content's end): the
    /// view stays at the end, as a chat follows its newest message. A view that is not at the end keeps its last
    /// visible element, as `lastVisible`.
    case contentEnd

    /// How near the content's end a view counts as at it, for `contentEnd`.
    public static let endTolerance = 0.5
}
