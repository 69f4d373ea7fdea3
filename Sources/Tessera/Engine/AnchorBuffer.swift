/// The answer buffer `CollectionLayout` finds an anchor in (`CollectionLayout+Anchoring.swift`), behind one
/// reference so that the layout every query reads holds one word for it, not the answer's three buffers.
///
/// A layout writes it only while it holds the only reference (`isKnownUniquelyReferenced`, else it makes its own),
/// so copies of a layout never share a write: value semantics, and safe to send.
@usableFromInline final class AnchorBuffer: @unchecked Sendable {
    /// Unchecked for exclusivity: only the layout holding the one reference writes it, in one call at a time, and
    /// the dynamic check was two calls into the runtime for every anchored change.
    @exclusivity(unchecked) @usableFromInline var answer = VisibleElements()

    @inlinable init() {}

    /// Runs `body` on the answer, written in place.
    @inlinable func withAnswer<Result>(_ body: (inout VisibleElements) -> Result) -> Result {
        body(&answer)
    }
}
