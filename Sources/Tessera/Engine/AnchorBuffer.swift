/// The answer buffer `CollectionLayout` finds an anchor in (`CollectionLayout+Anchoring.swift`), and the element it
/// follows through a change (`FollowedElement`), behind one reference so that the layout every query reads holds one
/// word for them, not the answer's three buffers and the element's four words.
///
/// A layout writes it only while it holds the only reference (`isKnownUniquelyReferenced`, else it makes its own),
/// so copies of a layout never share a write: value semantics, and safe to send.
@usableFromInline final class AnchorBuffer: @unchecked Sendable {
    /// Unchecked for exclusivity: only the layout holding the one reference writes it, in one call at a time, and
    /// the dynamic check was two calls into the runtime for every anchored change.
    @exclusivity(unchecked) @usableFromInline var answer = VisibleElements()
    /// The element an anchored change follows through the store's splices; `.nothing` between changes.
    @exclusivity(unchecked) @usableFromInline var followed = FollowedElement.nothing

    @inlinable init() {}

    /// Runs `body` on the answer, written in place.
    @inlinable func withAnswer<Result>(_ body: (inout VisibleElements) -> Result) -> Result {
        body(&answer)
    }
}
