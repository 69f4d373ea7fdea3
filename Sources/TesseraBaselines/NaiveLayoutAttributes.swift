import Foundation
import Tessera

/// A port of `UICollectionViewLayoutAttributes` as the tutorials use it: one class instance per element,
/// carrying what UIKit's keeps (frame, center, size, a 3-D transform, alpha, zIndex, hidden, index path and
/// element kind) and the tutorials' custom attributes (parallax, header overlay alpha), used or not.
public final class NaiveLayoutAttributes {
    public var frame: Rect {
        didSet {
            center = Point(x: frame.midX, y: frame.midY)
            size = Size(width: frame.width, height: frame.height)
        }
    }
    public private(set) var center: Point
    public private(set) var size: Size
    public var transform3D = NaiveTransform3D.identity
    public var alpha = 1.0
    public var zIndex: Int
    public var isHidden = false
    public var parallax = 0.0
    public var headerOverlayAlpha = 0.0
    public let indexPath: IndexPath
    /// The tutorials' element type, the key of their outer cache dictionary.
    public let elementKind: ElementKind
    /// UIKit's `representedElementKind`: `nil` for cells.
    public let representedElementKind: String?

    public init(
        elementKind: ElementKind, representedElementKind: String?, indexPath: IndexPath, frame: Rect, zIndex: Int
    ) {
        self.elementKind = elementKind
        self.representedElementKind = representedElementKind
        self.indexPath = indexPath
        self.frame = frame
        self.zIndex = zIndex
        center = Point(x: frame.midX, y: frame.midY)
        size = Size(width: frame.width, height: frame.height)
    }

    /// `copy()`, as `NSArray(array:copyItems:)` makes of attributes before transforming them.
    public func copy() -> NaiveLayoutAttributes {
        let copy = NaiveLayoutAttributes(
            elementKind: elementKind, representedElementKind: representedElementKind, indexPath: indexPath,
            frame: frame, zIndex: zIndex
        )
        copy.apply(effect)
        copy.isHidden = isHidden
        return copy
    }

    /// The element's identity in Tessera's terms, for checking answers against the engine's.
    public var elementID: ElementID {
        ElementID(kind: elementKind, section: indexPath[0], item: indexPath[1])
    }

    /// The scroll effect these attributes carry, in Tessera's terms.
    public var effect: ScrollEffect {
        ScrollEffect(
            alpha: alpha,
            transform: ElementTransform(
                scaleX: transform3D.m11, scaleY: transform3D.m22,
                translateX: transform3D.m41, translateY: transform3D.m42, translateZ: transform3D.m43
            ),
            parallaxOffset: parallax, overlayAlpha: headerOverlayAlpha
        )
    }

    /// Sets alpha, transform and custom attributes, as a tutorial's `layoutAttributesForElements` does.
    public func apply(_ effect: ScrollEffect) {
        alpha = effect.alpha
        transform3D = NaiveTransform3D(effect.transform)
        parallax = effect.parallaxOffset
        headerOverlayAlpha = effect.overlayAlpha
    }

    /// `frame` as UIKit reports it once a transform is set: where the element shows.
    public var displayedFrame: Rect {
        effect.displayedFrame(of: frame)
    }
}

/// `CATransform3D`: sixteen doubles, identity by default.
public struct NaiveTransform3D: Hashable, Sendable {
    public var m11 = 1.0, m12 = 0.0, m13 = 0.0, m14 = 0.0
    public var m21 = 0.0, m22 = 1.0, m23 = 0.0, m24 = 0.0
    public var m31 = 0.0, m32 = 0.0, m33 = 1.0, m34 = 0.0
    public var m41 = 0.0, m42 = 0.0, m43 = 0.0, m44 = 1.0

    public static let identity = NaiveTransform3D()

    init(_ transform: ElementTransform) {
        m11 = transform.scaleX
        m22 = transform.scaleY
        m41 = transform.translateX
        m42 = transform.translateY
        m43 = transform.translateZ
    }

    init() {}
}
