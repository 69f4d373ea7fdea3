import Tessera

/// One element as a JSON line, the format of `dump` and `query`: identity (its kind by the layout's name for it),
/// frame and zIndex, and for layouts with scroll effects the alpha, the transform and the custom attributes.
func jsonLine<Algorithm: UpdatableLayout>(_ attributes: LayoutAttributes, of algorithm: Algorithm) -> String {
    let id = attributes.id
    let frame = attributes.frame
    var line =
        #"{"kind":"\#(algorithm.name(of: id.kind))","section":\#(id.section),"item":\#(id.item),"x":\#(frame.minX),"y":\#(frame.minY),"width":\#(frame.width),"height":\#(frame.height),"zIndex":\#(attributes.zIndex)"#
    if algorithm.hasScrollEffects {
        let effect = attributes.effect
        let transform = effect.transform
        line +=
            #","alpha":\#(effect.alpha),"scaleX":\#(transform.scaleX),"scaleY":\#(transform.scaleY),"translateX":\#(transform.translateX),"translateY":\#(transform.translateY),"translateZ":\#(transform.translateZ),"parallaxOffset":\#(effect.parallaxOffset),"overlayAlpha":\#(effect.overlayAlpha)"#
    }
    return line + "}"
}
