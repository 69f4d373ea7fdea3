import Tessera
import TesseraBaselines
import Testing

/// Re-preparing with another viewport writes into the same buffers (capacity kept) and updates every frame.
@Suite("Re-preparing")
struct ReprepareTests {
    @Test("a new viewport keeps the store's capacity and updates the frames")
    func newViewportKeepsCapacity() throws {
        var layout = try preparedFlow([.squares(14, headerHeight: 30)])
        let capacity = layout.store.capacity
        #expect(capacity >= 15)
        #expect(layout.attributesForItem(section: 0, item: 5)?.frame == Rect(x: 340, y: 30, width: 50, height: 50))

        // Width 300: 50n + 10(n − 1) ≤ 300 → 5 a line, used 290, leftover 10, gap 12.5: x = 0, 62.5, 125, 187.5, 250.
        // Lines at 30, 90, 150 (14 = 5 + 5 + 4; the last line keeps the columns). Content 30 + 170 = 200.
        try layout.prepare(viewport: Size(width: 300, height: 700))
        #expect(layout.store.capacity == capacity)
        #expect(layout.store.count == 15)
        let columns: [Double] = [0, 62.5, 125, 187.5, 250]
        #expect(
            cellFrames(layout, section: 0)
                == (0..<14).map { Rect(x: columns[$0 % 5], y: 30 + Double($0 / 5) * 60, width: 50, height: 50) })
        #expect(supplementaryFrame(layout, .header, section: 0) == Rect(x: 0, y: 0, width: 300, height: 30))
        #expect(layout.contentSize == Size(width: 300, height: 200))
        #expect(layout.viewport == Size(width: 300, height: 700))

        // And back: the same frames as a fresh layout, still in the same buffers.
        try layout.prepare(viewport: phone)
        #expect(layout.store.capacity == capacity)
        let fresh = try preparedFlow([.squares(14, headerHeight: 30)])
        #expect((0..<15).map(layout.store.frame(at:)) == (0..<15).map(fresh.store.frame(at:)))
    }

    @Test("queries after re-preparing see the new frames", arguments: [1, 2, 16, 64])
    func queriesAfterReprepare(blockSize: Int) throws {
        var layout = CollectionLayout(
            try FlowLayout(sections: [.squares(500)]),
            index: try SoABinarySearchIndex(blockSize: blockSize)
        )
        var brute = CollectionLayout<FlowLayout, BruteForceIndex>(layout.algorithm)
        var a = VisibleElements()
        var b = VisibleElements()
        for viewport in [phone, Size(width: 844, height: 390), Size(width: 120, height: 200), phone] {
            try layout.prepare(viewport: viewport)
            try brute.prepare(viewport: viewport)
            for y in stride(from: -100.0, through: layout.contentSize.height + 100, by: 97) {
                let rect = Rect(x: 0, y: y, width: viewport.width, height: viewport.height)
                try layout.attributes(in: rect, into: &a)
                try brute.attributes(in: rect, into: &b)
                #expect(a.indices == b.indices, "viewport \(viewport), y \(y)")
            }
        }
    }

    @Test("the naive baseline re-prepares to the same frames as the engine")
    func naiveReprepare() throws {
        let algorithm = try FlowLayout(sections: [.squares(40, headerHeight: 20, footerHeight: 20)])
        let naive = NaiveDictionaryLayout(algorithm)
        var engine = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        for viewport in [phone, Size(width: 200, height: 300)] {
            try naive.prepare(viewport: viewport)
            try engine.prepare(viewport: viewport)
            #expect(naive.contentSize == engine.contentSize)
            let everything = Rect(x: -1, y: -1, width: viewport.width + 2, height: engine.contentSize.height + 2)
            var visible = VisibleElements()
            #expect(
                Set(naiveHits(naive, in: everything)) == Set(try engineHits(engine, in: everything, buffer: &visible)))
            #expect(naive.layoutAttributesForElements(in: everything, contentOffset: .zero).count == 42)
        }
    }
}
