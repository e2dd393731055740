import KamiCore

/// What VoiceOver says about a game: the board cursor's place and colour, and the state of play
/// after each change. Every number comes from the core's snapshot and hint.
extension GameModel {
    /// The cursor's run of colour: its colour and symbol, where it is, and whether the hint on
    /// screen points there ("dark blue, square, row 3, columns 2 to 5, hinted"). Empty when
    /// there is no cursor.
    public var cursorDescription: String {
        guard let run = cursorRun else { return "" }
        var parts = [colourWords(run.colour)]
        parts.append(run.columns.count == 1
            ? "row \(run.row + 1), column \(run.columns.lowerBound + 1)"
            : "row \(run.row + 1), columns \(run.columns.lowerBound + 1) to \(run.columns.upperBound + 1)")
        if case .shown(let advice) = hint, let next = advice.next, !Set(next.region).isDisjoint(with: run.tiles) {
            parts.append("hinted")
        }
        return parts.joined(separator: ", ")
    }

    /// What VoiceOver announces after a move, undo, redo or restart: the moves used against par
    /// and what is left while playing; the outcome once the game is over (its grade, from the core).
    public var progressAnnouncement: String {
        switch status {
        case .playing:
            let areas = counted(snapshot.regionCount, "area"), colours = counted(snapshot.coloursLeft, "colour")
            return "\(counted(movesUsed, "move")) used, par \(par). \(areas) in \(colours) left."
        case .won(grade: .perfect):
            return "Solved in \(counted(movesUsed, "move")): perfect."
        case .won(grade: .ok):
            return "Solved in \(counted(movesUsed, "move"))."
        case .failed:
            return "Out of moves."
        }
    }

    /// A palette colour in words: its name and its symbol's shape ("blue, triangle").
    public func colourWords(_ colour: UInt32) -> String {
        let shape = ColourNames.shape(for: colour)
        guard palette.indices.contains(Int(colour)) else { return shape }
        return "\(ColourNames.name(of: palette[Int(colour)])), \(shape)"
    }

    /// "1 move", "3 moves".
    private func counted(_ count: UInt32, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
