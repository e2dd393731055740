import KamiCore
import KamiKit
import SwiftUI

/// The player's-language words for what KamiKit decides (tested there): colour names, what
/// VoiceOver says about the board and the game, why a save or an import failed. The Android app
/// words the same facts with the same words (its strings.xml).
enum Words {
    /// A coarse colour name: "dark blue".
    static func colour(_ name: ColourName) -> String {
        let hue = switch name.hue {
        case .black: String(localized: "black")
        case .white: String(localized: "white")
        case .grey: String(localized: "grey")
        case .brown: String(localized: "brown")
        case .red: String(localized: "red")
        case .orange: String(localized: "orange")
        case .yellow: String(localized: "yellow")
        case .green: String(localized: "green")
        case .teal: String(localized: "teal")
        case .blue: String(localized: "blue")
        case .purple: String(localized: "purple")
        case .pink: String(localized: "pink")
        }
        return name.dark ? String(localized: "dark \(hue)") : hue
    }

    /// A colour-blind symbol's shape: "triangle".
    static func shape(_ shape: ColourNames.Shape) -> String {
        switch shape {
        case .circle: String(localized: "circle")
        case .triangle: String(localized: "triangle")
        case .square: String(localized: "square")
        case .diamond: String(localized: "diamond")
        case .star: String(localized: "star")
        case .plus: String(localized: "plus")
        }
    }

    /// Palette colour `colour` of `model` in words, its name and its symbol: "blue, triangle".
    @MainActor
    static func colour(_ colour: UInt32, of model: GameModel) -> String {
        let shape = shape(ColourNames.shape(for: colour))
        guard let name = model.colourName(colour) else { return shape }
        return String(localized: "\(self.colour(name)), \(shape)")
    }

    /// What VoiceOver says at the board cursor: "dark blue, square, row 3, columns 2 to 5, hinted".
    @MainActor
    static func cursor(of model: GameModel) -> String {
        guard let reading = model.cursorReading else { return "" }
        let colour = colour(reading.colour, of: model)
        let place = reading.firstColumn == reading.lastColumn
            ? String(localized: "\(colour), row \(Int(reading.row)), column \(Int(reading.firstColumn))")
            : String(localized: "\(colour), row \(Int(reading.row)), columns \(Int(reading.firstColumn)) to \(Int(reading.lastColumn))")
        return reading.hinted ? String(localized: "\(place), hinted") : place
    }

    /// What VoiceOver announces after a move, undo, redo or restart.
    static func announcement(_ announcement: ProgressAnnouncement) -> String {
        switch announcement {
        case .playing(let moves, let par, let areas, let colours):
            String(localized: "Moves \(Int(moves)) · par \(Int(par)). Areas: \(Int(areas)). Colours: \(Int(colours)).")
        case .solvedInPar(let moves): String(localized: "Solved in \(Int(moves)) moves: perfect.")
        case .solved(let moves): String(localized: "Solved in \(Int(moves)) moves.")
        case .outOfMoves: String(localized: "Out of moves.")
        }
    }

    /// A best result for VoiceOver: "perfect in 5 moves", or "not solved yet".
    static func result(_ best: BestResult?) -> String {
        guard let best else { return String(localized: "not solved yet") }
        return best.grade == .perfect
            ? String(localized: "perfect in \(Int(best.moves)) moves") : String(localized: "solved in \(Int(best.moves)) moves")
    }

    /// A saved file's name for the player: "Your progress".
    static func file(_ file: SaveStore.File) -> String {
        switch file {
        case .game: String(localized: "The game in play")
        case .progress: String(localized: "Your progress")
        case .puzzles: String(localized: "Your puzzles")
        case .settings: String(localized: "Your settings")
        }
    }

    /// Why a file could not be saved.
    static func saveFailure(_ failure: SaveFailure) -> String {
        String(localized: "\(file(failure.file)) could not be saved: \(failure.reason)")
    }

    /// Why a saved file was not used on launch.
    static func restoreProblem(_ problem: RestoreProblem) -> String {
        let reason = switch problem.reason {
        case .unreadable(let message), .undecodable(let message): message
        case .damaged(let error): playerMessage(for: error)
        }
        return String(localized: "\(file(problem.file)): \(reason)")
    }

    /// Why a screenshot could not be imported.
    static func importProblem(_ problem: ImportProblem) -> String {
        switch problem {
        case .unreadable: String(localized: "This is not a picture Kami can read. Choose a PNG or JPEG screenshot.")
        case .tooSmall: String(localized: "The picture is too small to read a board from. Choose a full-size screenshot.")
        case .tooLarge: String(localized: "The picture is too large to read.")
        case .notABoard: String(localized: "No KAMI 2 board was found. Choose a screenshot of a whole puzzle, toolbar included.")
        case .coloursAlike: String(localized: "Some colours in the screenshot are too alike to tell apart.")
        case .invalidPar(let max): String(localized: "The par must be a number from 1 to \(Int(max)).")
        case .collectionFull(let max): String(localized: "You have \(Int(max)) puzzles already. Delete one first.")
        case .other(let message): message
        }
    }

    /// The editor's analysis in lines: areas and colours, the par, the rating, the verdicts.
    static func reportLines(_ report: AnalysisReport?) -> [String] {
        guard let report else { return [String(localized: "Analysing…")] }
        var lines = [String(localized: "Areas: \(Int(report.regions)) · colours: \(Int(report.colours))")]
        switch report.par {
        case .proven(let par): lines.append(String(localized: "Par \(Int(par)), proven"))
        case .bounds(let lo, let hi, true): lines.append(String(localized: "Par \(Int(lo))–\(Int(hi)), still thinking"))
        case .bounds(let lo, let hi, false): lines.append(String(localized: "Par \(Int(lo))–\(Int(hi)): no proof in time"))
        case .none: break
        }
        if let difficulty = report.difficulty { lines.append(String(localized: "Difficulty \(Int(difficulty)) of 10")) }
        lines += report.verdicts.map(verdict)
        return lines
    }

    /// The editor's analysis in one sentence, for VoiceOver.
    static func report(_ report: AnalysisReport?) -> String {
        reportLines(report).joined(separator: ". ")
    }

    /// A verdict on a drawing.
    static func verdict(_ verdict: AnalysisReport.Verdict) -> String {
        switch verdict {
        case .oneColour: String(localized: "The board is one colour: paint something to play.")
        case .trivial: String(localized: "Trivial: one or two moves solve it.")
        case .picture(let keeping, let firstMoves):
            String(localized: "A picture, not a puzzle: \(Int(keeping)) of \(Int(firstMoves)) first moves keep par.")
        case .unusedColour(let colour): String(localized: "Colour \(Int(colour) + 1) is used nowhere.")
        }
    }

    /// The mirror painting follows.
    static func mirror(_ mirror: Symmetry) -> String {
        switch mirror {
        case .none: String(localized: "No mirror")
        case .leftRight: String(localized: "Mirror left to right")
        case .topBottom: String(localized: "Mirror top to bottom")
        case .rotational: String(localized: "Mirror by a half turn")
        }
    }

    /// What the solver made of an opened puzzle's claimed par.
    static func confirmation(_ confirmation: ParConfirmation, claimed: UInt32) -> String {
        switch confirmation {
        case .checking: String(localized: "Checking the par…")
        case .confirmed: String(localized: "Par confirmed")
        case .differs(let fewest): String(localized: "The par is really \(Int(fewest)), not \(Int(claimed))")
        case .unconfirmed: String(localized: "Could not confirm the par")
        }
    }

    /// Why a code or link could not be opened.
    static func codeProblem(_ problem: CodeProblem) -> String {
        switch problem {
        case .notACode: String(localized: "This is not a Kami code or link.")
        case .mistyped: String(localized: "This code does not check out: a character is mistyped or two are swapped.")
        case .truncated(let missing): String(localized: "This code is cut short: \(Int(missing)) characters are missing.")
        case .newerVersion: String(localized: "This code was made by a newer Kami. Update the app to open it.")
        case .other(let message): message
        }
    }
}
