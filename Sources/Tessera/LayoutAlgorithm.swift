/// Receives a layout's elements in layout order, section by section. `AttributeStore.Writer` is the engine's
/// writer; the baselines have writers of their own, so every design lays out exactly the same frames.
///
/// Writers may be non-copyable, as the store's is, so that none can outlive the write it was handed for.
public protocol LayoutWriter: ~Copyable {
    mutating func beginSection()
    mutating func append(_ kind: ElementKind, frame: Rect)
    mutating func endSection()
}

/// A layout's frame arithmetic: given a viewport size, the frame of every element.
///
/// Input is validated when an algorithm is made, so writing cannot fail.
public protocol LayoutAlgorithm: Sendable {
    /// The axis the layout scrolls along, and so the axis its index searches.
    var scrollAxis: ScrollAxis { get }
    /// Whether the attributes change with the content offset (sticky, parallax, carousel), so that a scroll
    /// needs fresh effects even though the frames stay.
    var hasScrollEffects: Bool { get }
    /// The number of elements a `write` produces, so a store can reserve its buffers once.
    var elementCount: Int { get }
    /// Writes every element in layout order and returns the content size.
    func write<Writer: LayoutWriter & ~Copyable>(into writer: inout Writer, viewport: Size) -> Size
}
