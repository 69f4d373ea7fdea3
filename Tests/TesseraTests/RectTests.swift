import Tessera
import Testing

/// `Rect`'s edges and strict intersection, which every strategy's answer is defined by.
@Suite("Rect")
struct RectTests {
    static let square = Rect(x: 0, y: 0, width: 50, height: 50)

    @Test("overlapping rects intersect, rects sharing only an edge or a corner do not")
    func strictIntersection() {
        #expect(Self.square.intersects(Rect(x: 49, y: 49, width: 10, height: 10)))
        #expect(Self.square.intersects(Self.square))
        #expect(!Self.square.intersects(Rect(x: 50, y: 0, width: 10, height: 50)))
        #expect(!Self.square.intersects(Rect(x: 0, y: 50, width: 50, height: 10)))
        #expect(!Self.square.intersects(Rect(x: -10, y: 0, width: 10, height: 50)))
        #expect(!Self.square.intersects(Rect(x: 50, y: 50, width: 10, height: 10)))
        #expect(!Self.square.intersects(Rect(x: 60, y: 0, width: 10, height: 50)))
    }

    @Test("intersection is symmetric")
    func symmetric() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let a = Rect(
                x: Double(rng.int(-5...5)), y: Double(rng.int(-5...5)), width: Double(rng.int(-5...5)),
                height: Double(rng.int(-5...5)))
            let b = Rect(
                x: Double(rng.int(-5...5)), y: Double(rng.int(-5...5)), width: Double(rng.int(-5...5)),
                height: Double(rng.int(-5...5)))
            #expect(a.intersects(b) == b.intersects(a), "\(a) \(b)")
        }
    }

    @Test("a negative size is standardised as CGRect does")
    func standardised() {
        let inverted = Rect(x: 50, y: 50, width: -50, height: -50)
        #expect(inverted.minX == 0 && inverted.minY == 0 && inverted.maxX == 50 && inverted.maxY == 50)
        #expect(inverted.width == 50 && inverted.height == 50)
        #expect(inverted.midX == 25 && inverted.midY == 25)
        #expect(inverted.intersects(Self.square))
        #expect(Rect(minX: 50, minY: 50, maxX: 0, maxY: 0).minX == 0)
    }

    @Test("Rect(minX:minY:maxX:maxY:) spans exactly its edges, an infinite maximum included")
    func edgesInit() {
        let r = Rect(minX: 1.5, minY: -2, maxX: 7.25, maxY: 9)
        #expect(r.minX == 1.5 && r.minY == -2 && r.maxX == 7.25 && r.maxY == 9)
        let half = Rect(minX: 0, minY: 0, maxX: .infinity, maxY: .infinity)
        #expect(half.maxX == .infinity && half.maxY == .infinity)
        #expect(half.intersects(Self.square))
    }

    @Test("a −∞ minimum cannot be held as origin and size: the far edge is NaN, never a silent −∞")
    func negativeInfiniteMinimum() {
        // As with CGRect, origin −∞ plus size +∞ has no far edge; queries refuse it (see RectQueryTests).
        let whole = Rect(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
        #expect(whole.minX == -.infinity)
        #expect(whole.maxX.isNaN && whole.maxY.isNaN)
        #expect(!whole.intersects(Self.square))
    }

    @Test("Rect.infinite covers every finite point, as CGRect.infinite")
    func infiniteRect() {
        #expect(Rect.infinite.minX < -1e300 && Rect.infinite.maxX > 1e300)
        #expect(Rect.infinite.minY < -1e300 && Rect.infinite.maxY > 1e300)
        #expect(Rect.infinite.intersects(Self.square))
        #expect(Rect.infinite.intersects(Rect(x: 1e12, y: -1e12, width: 1, height: 1)))
    }
}
