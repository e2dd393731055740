import Foundation
import KamiKit
import Testing

/// The palette fits any phone: swatches sized from the width, never below the touch target.
@Suite struct PaletteMetricsTests {
    /// iPhone SE and mini (375 pt), 6.1" (393 pt) and Plus (430 pt) less the screen's padding, and
    /// narrower boxes still.
    let widths: [CGFloat] = [343, 361, 398, 300, 200, 120, 44]
    /// Default size, large and the largest accessibility sizes.
    let preferredSides: [CGFloat] = [60, 90, 140]

    @Test func sixColoursFitTheNarrowestIPhoneInOneRow() {
        for width: CGFloat in [343, 361] {
            let metrics = PaletteMetrics(count: 6, width: width, preferredSide: 60)
            #expect(metrics.rows == 1 && metrics.columns == 6)
            #expect(metrics.side >= 44 && metrics.size.width <= width)
        }
        #expect(PaletteMetrics(count: 2, width: 343, preferredSide: 60).side == 60)
        #expect(PaletteMetrics(count: 2, width: 343, preferredSide: 140).side == 140)
        #expect(PaletteMetrics(count: 3, width: 343, preferredSide: 140).side == CGFloat(343 - 2 * 8) / 3)
    }

    @Test func everyPaletteFitsEveryWidthWithFullSizeTargets() {
        for count in 2...6 {
            for width in widths {
                for preferred in preferredSides {
                    let metrics = PaletteMetrics(count: count, width: width, preferredSide: preferred)
                    #expect(metrics.side >= 44 && metrics.side <= preferred)
                    #expect(metrics.size.width <= width + 0.001, "\(count) in \(width) at \(preferred)")
                    #expect(metrics.columns * metrics.rows >= count && metrics.columns * (metrics.rows - 1) < count)
                    let cells = (0..<count).map { index in
                        CGRect(origin: metrics.origin(of: index, width: width),
                               size: CGSize(width: metrics.side, height: metrics.side))
                    }
                    for (index, cell) in cells.enumerated() {
                        #expect(cell.minX >= -0.001 && cell.maxX <= width + 0.001 && cell.maxY <= metrics.size.height + 0.001)
                        for other in cells[(index + 1)...] { #expect(!cell.insetBy(dx: 0.001, dy: 0.001).intersects(other)) }
                    }
                }
            }
        }
    }

    @Test func narrowBoxesWrapIntoEvenRows() {
        let metrics = PaletteMetrics(count: 6, width: 200, preferredSide: 60)
        #expect(metrics.rows == 2 && metrics.columns == 3 && metrics.side == 60)
        let five = PaletteMetrics(count: 5, width: 200, preferredSide: 60)
        #expect(five.rows == 2 && five.columns == 3)
        // The short last row is centred.
        #expect(five.origin(of: 3, width: 200).x > five.origin(of: 0, width: 200).x)
        #expect(five.origin(of: 3, width: 200).x + five.origin(of: 4, width: 200).x + five.side == 200)
        let unbounded = PaletteMetrics(count: 4, width: nil, preferredSide: 60)
        #expect(unbounded.rows == 1 && unbounded.side == 60 && unbounded.size.width == 4 * 60 + 3 * 8)
        #expect(PaletteMetrics(count: 4, width: .infinity, preferredSide: 30).side == 44)
    }
}
