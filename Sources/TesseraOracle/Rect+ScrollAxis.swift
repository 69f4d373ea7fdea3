import Tessera

extension Rect {
    /// The frame's origin along `axis`.
    func position(along axis: ScrollAxis) -> Double {
        axis == .vertical ? origin.y : origin.x
    }

    /// Whether this frame and `other` differ by at most a move along `axis`: the same origin across it, the same
    /// width and the same height, bit for bit.
    func differsAlong(_ axis: ScrollAxis, only other: Rect) -> Bool {
        size.width == other.size.width && size.height == other.size.height
            && (axis == .vertical ? origin.x == other.origin.x : origin.y == other.origin.y)
    }
}
