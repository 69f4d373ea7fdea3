/// What a bounds change asks of a layout.
public enum Invalidation: String, Hashable, Sendable {
    /// Nothing: the frames and every effect stay as they are.
    case none
    /// Only the per-scroll effects (sticky, parallax, carousel) change; the frames stay.
    case effects
    /// The size changed: the layout must `prepare` again.
    case layout
}
