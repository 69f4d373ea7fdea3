import Tessera

/// One element as a JSON line, the format of `dump` and `query`.
func jsonLine(_ attributes: LayoutAttributes) -> String {
    let id = attributes.id
    let frame = attributes.frame
    return #"{"kind":"\#(id.kind.name)","section":\#(id.section),"item":\#(id.item),"x":\#(frame.minX),"y":\#(frame.minY),"width":\#(frame.width),"height":\#(frame.height),"zIndex":\#(attributes.zIndex)}"#
}
