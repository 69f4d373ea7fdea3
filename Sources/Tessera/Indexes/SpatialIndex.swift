/// A query strategy: a structure built over the store that finds the elements intersecting a rect.
///
/// Every index answers exactly what `BruteForceIndex` answers: the indices of the intersecting elements, in
/// ascending order. Indexes work along the scroll axis and test the cross axis per element.
public protocol SpatialIndex: Sendable {
    init()
    /// Rebuilds the index over `store`'s current frames, laid out for `viewport`, reusing its own buffers.
    mutating func build(over store: AttributeStore, axis: ScrollAxis, viewport: Size)
    /// Appends the intersecting elements' indices to `result`.
    func query(_ rect: Rect, in store: AttributeStore, axis: ScrollAxis, into result: inout VisibleElements)
    /// The bytes the index holds beyond the store.
    var byteCount: Int { get }
}
