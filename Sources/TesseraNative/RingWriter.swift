import Tessera
import TesseraBenchKit

/// Keeps the last frames a layout writes in a small ring that stays in cache: the layout's arithmetic, and its
/// reads of its input, without the store's writes to memory.
struct RingWriter: LayoutWriter, ~Copyable {
    static let slots = 256
    let ring: UnsafeMutablePointer<Rect>
    var written = 0

    init(ring: UnsafeMutablePointer<Rect>) {
        self.ring = ring
    }

    mutating func beginSection(origin: Point) {}

    mutating func append(_ kind: ElementKind, frame: Rect) {
        ring[written & (Self.slots - 1)] = frame
        written &+= 1
    }

    mutating func appendCells(_ count: Int, frame: (Int) -> Rect) {
        for index in 0..<count { ring[(written &+ index) & (Self.slots - 1)] = frame(index) }
        written &+= count
    }

    mutating func endSection() {}
}
