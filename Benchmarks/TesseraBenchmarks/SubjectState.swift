import Benchmark
import Tessera
import TesseraBenchKit

/// A subject prepared in portrait, with the rects of its scripted scroll. The engine's subject answers every query
/// into the one `VisibleElements` it keeps, so its steady-state queries must allocate nothing.
final class SubjectState<Subject: BenchmarkSubject> {
    var subject: Subject
    let rects: [Rect]
    /// The first item's size, read before anything is measured (a layout's `sections` may be built on demand).
    let firstItemSize: Size

    init(_ subject: Subject, axis: ScrollAxis) throws {
        self.subject = subject
        try self.subject.prepare(viewport: BenchmarkSuite.portrait)
        rects = ScrollScript.rects(contentSize: self.subject.contentSize, viewport: BenchmarkSuite.portrait, axis: axis)
        firstItemSize = subject.sections[0].itemSizes[0]
    }

    /// Two warm prepares, as for a rotation and back (to landscape, then to portrait), keeping each content size
    /// alive. Two calls, not a loop over an array literal, which could allocate in the measured region. The engine's
    /// store keeps its capacity, so each prepare writes into mapped pages.
    func rotateAndBack() {
        do {
            try subject.prepare(viewport: BenchmarkSuite.landscape)
            blackHole(subject.contentSize)
            try subject.prepare(viewport: BenchmarkSuite.portrait)
            blackHole(subject.contentSize)
        } catch {
            fatalError("\(error)")
        }
    }

    /// One `layoutAttributesForElements(in:)` a frame of the scroll, with the rect's origin as the content offset.
    func scroll() {
        var found = 0
        for rect in rects {
            do { found &+= try subject.query(rect, offset: rect.origin) } catch { fatalError("\(error)") }
        }
        blackHole(found)
    }

    /// The first item of the first section resized and back, then an item inserted before it and deleted: the
    /// data as it was, four one-item updates, each shifting every later section (the engine), or each a full
    /// prepare (the naive design). Steady-state updates of the engine with `soa-binary-search` allocate nothing.
    func updateAndBack() {
        let path = ItemPath(section: 0, item: 0)
        let size = firstItemSize
        do {
            try subject.apply(.resizeItem(path, size: Size(width: size.width + 10, height: size.height + 10)))
            try subject.apply(.resizeItem(path, size: size))
            try subject.apply(.insertItem(path, size: size))
            try subject.apply(.deleteItem(path))
        } catch {
            fatalError("\(error)")
        }
        blackHole(subject.contentSize)
    }
}
