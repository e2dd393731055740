import KamiCore

/// A stretch of side-by-side tiles of one colour in one row of the board, as VoiceOver reads the
/// board: row by row, each row as its runs of colour, the way a line of text is read word by word.
///
/// Purely descriptive: it is made from the snapshot's tile colours and says nothing about which
/// tiles form a region. The core alone decides that, when a move is played.
public struct TileRun: Equatable, Sendable {
    /// The row, from 0 at the top.
    public let row: Int
    /// The columns it covers, from 0 at the left.
    public let columns: ClosedRange<Int>
    /// Its palette index.
    public let colour: UInt32
    /// The board's column count (tile numbers go row by row).
    let cols: Int

    /// The tile at `column` of the run's row.
    public func tile(atColumn column: Int) -> UInt32 {
        UInt32(row * cols + column)
    }

    /// The run's first (leftmost) tile.
    public var first: UInt32 { tile(atColumn: columns.lowerBound) }

    /// Every tile of the run, left to right.
    public var tiles: [UInt32] { columns.map(tile(atColumn:)) }

    /// Whether `tile` is one of the run's tiles.
    public func contains(_ tile: UInt32) -> Bool {
        cols > 0 && Int(tile) / cols == row && columns.contains(Int(tile) % cols)
    }

    /// Every run of `snapshot`, in reading order (top row first, left to right). Holes end a run
    /// and belong to none.
    public static func runs(of snapshot: GameSnapshot) -> [TileRun] {
        let cols = Int(snapshot.cols), tiles = snapshot.tiles
        guard cols > 0 else { return [] }
        var runs: [TileRun] = []
        for row in 0..<(tiles.count / cols) {
            var column = 0
            while column < cols {
                guard let colour = tiles[row * cols + column] else {
                    column += 1
                    continue
                }
                var last = column
                while last + 1 < cols, tiles[row * cols + last + 1] == colour { last += 1 }
                runs.append(TileRun(row: row, columns: column...last, colour: colour, cols: cols))
                column = last + 1
            }
        }
        return runs
    }
}

/// How VoiceOver's board cursor moves (`GameModel.moveCursor(_:)`).
public enum CursorMove: Sendable, CaseIterable {
    /// To the next run in reading order (the next row's first run after a row's last).
    case next
    /// To the previous run in reading order.
    case previous
    /// To the nearest row above that has tiles, keeping the column as far as it can.
    case up
    /// To the nearest row below that has tiles, keeping the column as far as it can.
    case down
}

extension TileRun {
    /// Where the cursor goes from `tile` (in `run`, at index `index` of `runs`) after `move`;
    /// `nil` at the edge of the board.
    static func destination(of move: CursorMove, from tile: UInt32, in runs: [TileRun], at index: Int) -> UInt32? {
        let run = runs[index]
        switch move {
        case .next:
            return index + 1 < runs.count ? runs[index + 1].first : nil
        case .previous:
            return index > 0 ? runs[index - 1].first : nil
        case .up, .down:
            let rows = Set(runs.map(\.row))
            let target = move == .up ? rows.filter { $0 < run.row }.max() : rows.filter { $0 > run.row }.min()
            guard let target else { return nil }
            let column = Int(tile) % run.cols
            // The run of that row under the column, else the one nearest to it.
            func distance(_ candidate: TileRun) -> Int {
                candidate.columns.contains(column)
                    ? 0 : min(abs(candidate.columns.lowerBound - column), abs(candidate.columns.upperBound - column))
            }
            guard let landing = runs.filter({ $0.row == target }).min(by: { distance($0) < distance($1) }) else {
                return nil
            }
            return landing.tile(atColumn: min(max(column, landing.columns.lowerBound), landing.columns.upperBound))
        }
    }
}
