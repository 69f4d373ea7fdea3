import Foundation

/// A chart of positive values on logarithmic axes, as inline SVG: a line per series with a marker at each point.
/// Series differ in colour, dash pattern and marker shape, so the chart still reads printed in greyscale.
struct LogLogChart {
    struct Style {
        var colour: String
        /// An SVG `stroke-dasharray`; `nil` draws a solid line.
        var dash: String?
        var marker: Marker
    }

    enum Marker {
        case circle, square, triangle, diamond, invertedTriangle, plus, cross, star
    }

    /// Okabe and Ito's colours, which people with the common colour blindnesses tell apart (less their yellow, too
    /// pale on white, and with Tol's wine for an eighth).
    static let styles = [
        Style(colour: "#0072B2", dash: nil, marker: .circle),
        Style(colour: "#D55E00", dash: "8 4", marker: .square),
        Style(colour: "#009E73", dash: "3 3", marker: .triangle),
        Style(colour: "#CC79A7", dash: "10 3 2 3", marker: .diamond),
        Style(colour: "#E69F00", dash: "1 3", marker: .invertedTriangle),
        Style(colour: "#56B4E9", dash: "10 3 2 3 2 3", marker: .plus),
        Style(colour: "#000000", dash: "16 3 5 3", marker: .cross),
        Style(colour: "#882255", dash: "4 2 4 8", marker: .star),
    ]

    struct Point {
        var x: Double
        var y: Double
        /// Shown when the pointer rests on the point.
        var tooltip: String
    }

    struct Series {
        var name: String
        var style: Style
        var points: [Point]
    }

    /// Unique within the page: it names the chart's title for screen readers.
    var id: String
    var title: String
    var xTitle: String
    var yTitle: String
    var xTickLabel: (Double) -> String
    var yTickLabel: (Double) -> String
    var series: [Series]
    /// Horizontal lines at values of note, as a frame's time budget, each labelled; the axis reaches them.
    var references: [(value: Double, label: String)] = []

    static let width = 600.0
    static let plotLeft = 82.0, plotRight = width - 20, plotTop = 40.0, plotBottom = 300.0
    /// Keeps markers at the ends of an axis off the frame.
    static let inset = 12.0
    static let legendTop = plotBottom + 62, legendRowHeight = 22.0

    func svg() -> String {
        let points = series.flatMap(\.points)
        let xScale = LogScale(covering: points.map(\.x))
        let yScale = LogScale(covering: points.map(\.y) + references.map(\.value))
        let plotWidth = Self.plotRight - Self.plotLeft - 2 * Self.inset
        let plotHeight = Self.plotBottom - Self.plotTop - 2 * Self.inset
        func x(_ value: Double) -> Double { Self.plotLeft + Self.inset + xScale.fraction(value) * plotWidth }
        func y(_ value: Double) -> Double { Self.plotBottom - Self.inset - yScale.fraction(value) * plotHeight }

        let id = HTMLReport.escape(id)
        let legend = legendPlacement()
        let height = Self.legendTop + Double(legend.rows) * Self.legendRowHeight
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Self.width) \(height)" role="img" aria-labelledby="\(id)-title" \
            font-family="system-ui, sans-serif" id="\(id)">
            <title id="\(id)-title">\(HTMLReport.escape(title))</title>
            <text x="\(Self.plotLeft)" y="22" font-size="15" font-weight="600" fill="#222">\(HTMLReport.escape(title))</text>
            <rect x="\(Self.plotLeft)" y="\(Self.plotTop)" width="\(Self.plotRight - Self.plotLeft)" height="\(Self.plotBottom - Self.plotTop)" fill="none" stroke="#999"/>

            """
        // Minor lines only where a decade is wide enough for them not to blur into a grey band.
        for tick in plotWidth / (xScale.upper - xScale.lower) < 40 ? [] : xScale.minorTicks {
            svg += verticalLine(at: format(x(tick)), "stroke=\"#f2f2f2\"") + "\n"
        }
        for tick in plotHeight / (yScale.upper - yScale.lower) < 40 ? [] : yScale.minorTicks {
            svg += horizontalLine(at: format(y(tick)), "stroke=\"#f2f2f2\"") + "\n"
        }
        for tick in xScale.ticks {
            let position = format(x(tick))
            svg += verticalLine(at: position, "stroke=\"#e4e4e4\"")
            svg +=
                "<text x=\"\(position)\" y=\"\(Self.plotBottom + 17)\" font-size=\"12\" text-anchor=\"middle\" fill=\"#444\">\(HTMLReport.escape(xTickLabel(tick)))</text>\n"
        }
        for tick in yScale.ticks {
            let position = format(y(tick))
            svg += horizontalLine(at: position, "stroke=\"#e4e4e4\"")
            svg +=
                "<text x=\"\(Self.plotLeft - 6)\" y=\"\(position)\" font-size=\"12\" text-anchor=\"end\" dominant-baseline=\"middle\" fill=\"#444\">\(HTMLReport.escape(yTickLabel(tick)))</text>\n"
        }
        let xMiddle = (Self.plotLeft + Self.plotRight) / 2
        let yMiddle = (Self.plotTop + Self.plotBottom) / 2
        svg +=
            "<text x=\"\(xMiddle)\" y=\"\(Self.plotBottom + 40)\" font-size=\"13\" text-anchor=\"middle\" fill=\"#222\">\(HTMLReport.escape(xTitle))</text>\n"
        svg +=
            "<text transform=\"translate(18 \(yMiddle)) rotate(-90)\" font-size=\"13\" text-anchor=\"middle\" fill=\"#222\">\(HTMLReport.escape(yTitle))</text>\n"

        for reference in references {
            let position = format(y(reference.value))
            svg += horizontalLine(at: position, "stroke=\"#c00\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"")
            svg +=
                "<text x=\"\(Self.plotRight - 4)\" y=\"\(format(y(reference.value) - 5))\" font-size=\"12\" text-anchor=\"end\" fill=\"#c00\">\(HTMLReport.escape(reference.label))</text>\n"
        }
        for line in series {
            let sorted = line.points.sorted { $0.x < $1.x }
            if sorted.count > 1 {
                let coordinates = sorted.map { "\(format(x($0.x))),\(format(y($0.y)))" }.joined(separator: " ")
                svg +=
                    "<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"\(line.style.colour)\" stroke-width=\"2\"\(dash(line.style))/>\n"
            }
            for point in sorted {
                svg +=
                    "<g><title>\(HTMLReport.escape(point.tooltip))</title>\(marker(line.style, x: x(point.x), y: y(point.y)))</g>\n"
            }
        }
        for (line, origin) in zip(series, legend.origins) {
            svg +=
                "<line x1=\"\(format(origin.x))\" y1=\"\(origin.y)\" x2=\"\(format(origin.x + 34))\" y2=\"\(origin.y)\" stroke=\"\(line.style.colour)\" stroke-width=\"2\"\(dash(line.style))/>"
            svg += marker(line.style, x: origin.x + 17, y: origin.y)
            svg +=
                "<text x=\"\(format(origin.x + 42))\" y=\"\(origin.y)\" font-size=\"13\" dominant-baseline=\"middle\" fill=\"#222\">\(HTMLReport.escape(line.name))</text>\n"
        }
        return svg + "</svg>"
    }

    /// Legend entries flow left to right under the axis title, wrapping to a new row when one would not fit.
    /// Widths are estimated from the names' lengths: SVG cannot measure text without a script.
    private func legendPlacement() -> (origins: [(x: Double, y: Double)], rows: Int) {
        var origins: [(x: Double, y: Double)] = []
        var x = Self.plotLeft
        var row = 0
        for line in series {
            let width = 42 + 7.5 * Double(line.name.count) + 24
            if x > Self.plotLeft, x + width > Self.plotRight {
                x = Self.plotLeft
                row += 1
            }
            origins.append((x, Self.legendTop + Double(row) * Self.legendRowHeight))
            x += width
        }
        return (origins, series.isEmpty ? 0 : row + 1)
    }

    /// A line from the plot's top to its bottom at `x`, drawn with `paint` (its stroke attributes).
    private func verticalLine(at x: String, _ paint: String) -> String {
        "<line x1=\"\(x)\" y1=\"\(Self.plotTop)\" x2=\"\(x)\" y2=\"\(Self.plotBottom)\" \(paint)/>"
    }

    /// A line from the plot's left to its right at `y`, drawn with `paint` (its stroke attributes).
    private func horizontalLine(at y: String, _ paint: String) -> String {
        "<line x1=\"\(Self.plotLeft)\" y1=\"\(y)\" x2=\"\(Self.plotRight)\" y2=\"\(y)\" \(paint)/>"
    }

    private func dash(_ style: Style) -> String {
        style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
    }

    private func marker(_ style: Style, x: Double, y: Double) -> String {
        let paint = "fill=\"\(style.colour)\" stroke=\"#fff\" stroke-width=\"1\""
        func polygon(_ vertices: [(Double, Double)]) -> String {
            let points = vertices.map { "\(format(x + $0.0)),\(format(y + $0.1))" }.joined(separator: " ")
            return "<polygon points=\"\(points)\" \(paint)/>"
        }
        let plus: [(Double, Double)] = [
            (-1.8, -5.5), (1.8, -5.5), (1.8, -1.8), (5.5, -1.8), (5.5, 1.8), (1.8, 1.8),
            (1.8, 5.5), (-1.8, 5.5), (-1.8, 1.8), (-5.5, 1.8), (-5.5, -1.8), (-1.8, -1.8),
        ]
        return switch style.marker {
        case .circle: "<circle cx=\"\(format(x))\" cy=\"\(format(y))\" r=\"4.5\" \(paint)/>"
        case .square: polygon([(-4, -4), (4, -4), (4, 4), (-4, 4)])
        case .triangle: polygon([(0, -5.5), (5, 4), (-5, 4)])
        case .diamond: polygon([(0, -5.5), (5.5, 0), (0, 5.5), (-5.5, 0)])
        case .invertedTriangle: polygon([(0, 5.5), (5, -4), (-5, -4)])
        case .plus: polygon(plus)
        case .cross: polygon(plus.map { (($0.0 - $0.1) / 2.squareRoot(), ($0.0 + $0.1) / 2.squareRoot()) })
        case .star:
            polygon(
                (0..<10).map { corner in
                    let radius = corner.isMultiple(of: 2) ? 6.0 : 2.6
                    let angle = Double(corner) * Double.pi / 5
                    return (radius * sin(angle), -radius * cos(angle))
                })
        }
    }

    private func format(_ coordinate: Double) -> String {
        String(format: "%.1f", coordinate)
    }
}

/// A logarithmic axis over the values it must show, from the smallest to the largest, widened to a decade at
/// least so that it always has ticks.
struct LogScale {
    /// The ends of the axis, in decades (base-10 logarithms).
    let lower: Double
    let upper: Double

    init(covering values: [Double]) {
        let logarithms = values.filter { $0 > 0 && $0.isFinite }.map(log10)
        var lower = logarithms.min() ?? 0
        var upper = logarithms.max() ?? 1
        if upper - lower < 1 {
            // Centred on the values, but reaching below 1 only if they do: counts and nanoseconds are whole.
            lower = Swift.min(lower, Swift.max((lower + upper) / 2 - 0.5, 0))
            upper = lower + 1
        }
        // The ends move out to ticks, so that no value lies beyond the last label (the engine's 60 ns under a
        // 100 ns tick, points at 40× over a last tick of 20×): to powers of ten where the axis holds three of them,
        // which are then its ticks, and otherwise to the 1–2–5 ticks it has. A value within 7% of a tick counts
        // as on it: 10,020 elements ends the axis at 10k.
        // (The axis still reaches the values themselves.)
        let (tickLow, tickHigh) = (Self.tick(below: lower), Self.tick(above: upper))
        let powers = Int((tickHigh + Self.tolerance).rounded(.down)) - Int((tickLow - Self.tolerance).rounded(.up)) + 1
        self.lower = powers >= 3 ? Swift.min((lower + Self.snap).rounded(.down), lower) : tickLow
        self.upper = powers >= 3 ? Swift.max((upper - Self.snap).rounded(.up), upper) : tickHigh
    }

    /// A value within this of a tick (7%, in decades) counts as on it: 10,020 elements ends the axis at 10k.
    private static let snap = 0.03

    /// The 1–2–5 tick at or above the value `10^logarithm`, as a logarithm (or the value itself, just past one).
    private static func tick(above logarithm: Double) -> Double {
        let decade = (logarithm - snap).rounded(.down)
        let factor = [1.0, 2, 5, 10].first { log10($0) + decade >= logarithm - snap } ?? 10
        return Swift.max(decade + log10(factor), logarithm)
    }

    /// The 1–2–5 tick at or below the value `10^logarithm`, as a logarithm (or the value itself, just short of one).
    private static func tick(below logarithm: Double) -> Double {
        let decade = (logarithm + snap).rounded(.down)
        let factor = [5.0, 2, 1].first { log10($0) + decade <= logarithm + snap } ?? 1
        return Swift.min(decade + log10(factor), logarithm)
    }

    /// Where `value` falls along the axis: 0 at the lower end, 1 at the upper.
    func fraction(_ value: Double) -> Double {
        (log10(value) - lower) / (upper - lower)
    }

    /// The powers of ten on the axis, or when there are fewer than three, the 1–2–5 series.
    var ticks: [Double] {
        let powers = decades.map { pow(10, Double($0)) }
        return powers.count >= 3 ? powers : multiples([1, 2, 5])
    }

    /// Between ticks at powers of ten, the other multiples of each, for faint lines that show the scale is
    /// logarithmic; none between 1–2–5 ticks, which are close enough.
    var minorTicks: [Double] {
        decades.count >= 3 ? multiples([2, 3, 4, 5, 6, 7, 8, 9]) : []
    }

    private static let tolerance = 1e-9

    /// The exponents of the powers of ten on the axis; never empty, since the axis spans a decade at least.
    private var decades: ClosedRange<Int> {
        Int((lower - Self.tolerance).rounded(.up))...Int((upper + Self.tolerance).rounded(.down))
    }

    private func multiples(_ factors: [Double]) -> [Double] {
        (decades.lowerBound - 1...decades.upperBound)
            .flatMap { decade in factors.map { $0 * pow(10, Double(decade)) } }
            .filter { (lower - Self.tolerance...upper + Self.tolerance).contains(log10($0)) }
    }
}
