import Foundation

/// How the palette's swatches fit the width they are given: square cells of one size, as large as
/// `preferredSide` (which grows with Dynamic Type) but no larger than the width allows, and never
/// smaller than `minimumSide` (the 44 pt touch target). When even that does not fit in one row,
/// the swatches wrap into as few, evenly filled rows as needed, each row centred.
public struct PaletteMetrics: Equatable, Sendable {
    /// The side of each swatch's square cell (its touch target).
    public let side: CGFloat
    /// The gap between cells, across and down.
    public let spacing: CGFloat
    /// Cells per row (the last row may hold fewer).
    public let columns: Int
    /// Rows of cells.
    public let rows: Int
    /// How many swatches.
    public let count: Int

    /// The cells of `count` swatches in `width` points (`nil` or not finite: as wide as they like).
    public init(
        count: Int, width: CGFloat?, preferredSide: CGFloat, minimumSide: CGFloat = 44, spacing: CGFloat = 8
    ) {
        let count = max(count, 1)
        let preferred = max(preferredSide, minimumSide)
        self.count = count
        self.spacing = spacing
        guard let width, width.isFinite else {
            (side, columns, rows) = (preferred, count, 1)
            return
        }
        // As many to a row as fit at the minimum size, then the rows filled evenly (6 in two
        // rows is 3 and 3, not 5 and 1).
        let fitting = max(1, Int(((width + spacing) / (minimumSide + spacing)).rounded(.down)))
        let perRow = min(fitting, count)
        rows = (count + perRow - 1) / perRow
        columns = (count + rows - 1) / rows
        let available = (width - spacing * CGFloat(columns - 1)) / CGFloat(columns)
        side = max(minimumSide, min(preferred, available))
    }

    /// The size of all the cells together.
    public var size: CGSize {
        CGSize(width: extent(columns), height: extent(rows))
    }

    /// The top-left corner of swatch `index`'s cell in a box `width` points wide (rows centred).
    public func origin(of index: Int, width: CGFloat) -> CGPoint {
        let row = index / columns, column = index % columns
        let inRow = min(columns, count - row * columns)
        let left = (width - extent(inRow)) / 2
        return CGPoint(x: left + CGFloat(column) * (side + spacing), y: CGFloat(row) * (side + spacing))
    }

    /// The length of `cells` cells side by side.
    private func extent(_ cells: Int) -> CGFloat {
        CGFloat(cells) * side + CGFloat(max(cells - 1, 0)) * spacing
    }
}
