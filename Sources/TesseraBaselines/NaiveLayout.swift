import Foundation
import Tessera

/// A tutorial's design: a cache of class-based attributes built in `prepare` and searched per query.
public protocol NaiveLayout: AnyObject {
    associatedtype Algorithm: LayoutAlgorithm
    init(_ algorithm: Algorithm)
    /// The layout's data. The tutorials answer a change of data by setting it and preparing from scratch.
    var algorithm: Algorithm { get set }
    /// The content size of the last `prepare`.
    var contentSize: Size { get }
    func prepare(viewport: Size) throws(LayoutError)
    /// UIKit's `layoutAttributesForElements(in:)`, with the content offset the effects use.
    func layoutAttributesForElements(in rect: Rect, contentOffset: Point) -> [NaiveLayoutAttributes]
}

/// Makes the attributes objects of a layout's elements in layout order, numbering sections and items as UIKit's
/// index paths do (the elements before the first section belong to section 0).
struct NaiveElementFactory<Algorithm: LayoutAlgorithm> {
    let algorithm: Algorithm
    private var section = 0
    private var item = 0
    private var sectionsBegun = 0
    private var made = 0
    private var origin = Point.zero

    init(_ algorithm: Algorithm) {
        self.algorithm = algorithm
    }

    /// Begins a section whose frames come relative to `origin`.
    mutating func beginSection(origin: Point) {
        self.origin = origin
        section = sectionsBegun
        sectionsBegun += 1
        item = 0
    }

    /// The attributes of the next element, at its absolute frame.
    mutating func make(_ kind: ElementKind, frame: Rect) -> NaiveLayoutAttributes {
        let axis = algorithm.scrollAxis
        let frame = frame.placed(at: axis == .vertical ? origin.y : origin.x, along: axis)
        let indexPath: IndexPath = [section, kind == .cell ? item : 0]
        if kind == .cell { item += 1 }
        let id = ElementID(kind: kind, section: section, item: indexPath[1])
        defer { made += 1 }
        return NaiveLayoutAttributes(
            elementKind: kind, representedElementKind: kind == .cell ? nil : algorithm.name(of: kind),
            indexPath: indexPath,
            frame: frame, zIndex: algorithm.zIndex(of: id, at: made)
        )
    }
}

/// How the tutorials answer a query once they have an element in hand, for the layout's kind of effects:
/// without effects, test the frame; with effects that do not move elements (the carousel), test the frame, then
/// copy the attributes and transform the copy; with effects that move them (sticky headers), update the cached
/// attributes in place, as the tutorial does for every element on every query, and test where they show.
struct NaiveEffects {
    let rect: Rect
    let offset: Point
    let viewport: Size
    /// Decided once a query, not once an element. The struct is not generic over the algorithm, and holds no
    /// closure over it: the baselines cross a module boundary unspecialised, where a generic struct would cost a
    /// layout lookup per element and a closure an allocation per query, neither of which the tutorials pay.
    let mode: Mode

    enum Mode {
        case plain, copyThenTransform, updateInPlace
    }

    init<Algorithm: LayoutAlgorithm>(algorithm: Algorithm, rect: Rect, offset: Point, viewport: Size) {
        self.rect = rect
        self.offset = offset
        self.viewport = viewport
        mode =
            !algorithm.hasScrollEffects ? .plain : algorithm.effectsMoveElements ? .updateInPlace : .copyThenTransform
    }

    /// Appends `attributes` (or its transformed copy) to `visible` if it shows in the rect; `test: false` takes it
    /// without looking, as Apple's Mosaic sample takes the neighbours of its binary search's hit.
    func consider<Algorithm: LayoutAlgorithm>(
        _ attributes: NaiveLayoutAttributes, into visible: inout [NaiveLayoutAttributes], of algorithm: Algorithm,
        test: Bool = true
    ) {
        switch mode {
        case .plain:
            if !test || attributes.frame.intersects(rect) { visible.append(attributes) }
        case .updateInPlace:
            attributes.apply(effect(of: attributes, algorithm))
            if !test || attributes.displayedFrame.intersects(rect) { visible.append(attributes) }
        case .copyThenTransform:
            guard !test || attributes.frame.intersects(rect) else { return }
            let copy = attributes.copy()
            copy.apply(effect(of: attributes, algorithm))
            visible.append(copy)
        }
    }

    private func effect<Algorithm: LayoutAlgorithm>(of attributes: NaiveLayoutAttributes, _ algorithm: Algorithm)
        -> ScrollEffect
    {
        algorithm.effect(of: attributes.elementID, frame: attributes.frame, offset: offset, viewport: viewport)
    }
}

/// The viewport of a baseline's last `prepare`, checked as the engine checks it.
func validated<Algorithm: LayoutAlgorithm>(_ viewport: Size, for algorithm: Algorithm) throws(LayoutError) -> Size {
    try algorithm.validate(viewport: viewport)
    return viewport
}
