import KamiCore

/// What VoiceOver says about a game, as facts the app words in the player's language (the
/// Android app's `CursorReading` and TalkBack strings say the same): the board cursor's place
/// and colour, and the state of play after each change. Every number comes from the core.
extension GameModel {
    /// The cursor's run of colour: its colour, where it is and whether the hint on screen points
    /// there (worded "dark blue, square, row 3, columns 2 to 5, hinted"). `nil` when there is no
    /// cursor.
    public var cursorReading: CursorReading? {
        guard let run = cursorRun else { return nil }
        var hinted = false
        if case .shown(let advice) = hint, let next = advice.next { hinted = !Set(next.region).isDisjoint(with: run.tiles) }
        return CursorReading(
            colour: run.colour, name: colourName(run.colour), row: run.row + 1,
            firstColumn: run.columns.lowerBound + 1, lastColumn: run.columns.upperBound + 1, hinted: hinted)
    }

    /// What VoiceOver announces after a move, undo, redo or restart.
    public var progressAnnouncement: ProgressAnnouncement {
        switch status {
        case .playing:
            .playing(moves: movesUsed, par: par, areas: snapshot.regionCount, colours: snapshot.coloursLeft)
        case .won(grade: .perfect): .solvedInPar(moves: movesUsed)
        case .won(grade: .ok): .solved(moves: movesUsed)
        case .failed: .outOfMoves
        }
    }

    /// The coarse name of palette colour `colour`; `nil` outside the palette.
    public func colourName(_ colour: UInt32) -> ColourName? {
        palette.indices.contains(Int(colour)) ? ColourName(of: palette[Int(colour)]) : nil
    }
}

/// What VoiceOver says about the cursor's run: its palette index `colour`, named `name`; its
/// row and columns counted from 1; whether the hint on screen points there.
public struct CursorReading: Equatable, Sendable {
    public let colour: UInt32
    public let name: ColourName?
    public let row: Int
    public let firstColumn: Int
    public let lastColumn: Int
    public let hinted: Bool
}

/// What VoiceOver announces after a change of the game.
public enum ProgressAnnouncement: Equatable, Sendable {
    /// Moves used against par, and the areas and colours left.
    case playing(moves: UInt32, par: UInt32, areas: UInt32, colours: UInt32)
    /// Won in par.
    case solvedInPar(moves: UInt32)
    /// Won one over par.
    case solved(moves: UInt32)
    /// Lost.
    case outOfMoves
}
