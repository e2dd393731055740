import Foundation
import KamiCore
import Observation

/// What the share sheet offers for a puzzle: the code, its `kami://` link and the link as a QR
/// image, all made by the core.
public struct ShareItems: Equatable, Sendable {
    /// The code: letters and digits only.
    public let code: String
    /// The link that opens it in the app.
    public let link: String
    /// The link as a QR code, a PNG.
    public let qrPNG: Data

    /// The items of `shareCode`, its QR drawn `modulePixels` per module.
    init(_ shareCode: ShareCode, modulePixels: UInt32 = 8) throws {
        code = shareCode.code
        link = shareCode.link
        qrPNG = try shareQrPng(text: shareCode.code, modulePixels: modulePixels)
    }
}

/// Why a code or link could not be opened, for the app to word: the core's typed error sorted
/// into what a player can act on (the Android app's `CodeProblem` makes the same choices).
public enum CodeProblem: Equatable, Sendable {
    /// Not a share code or a `kami://puzzle/` link at all.
    case notACode
    /// A character mistyped or two swapped: the checksum does not match.
    case mistyped
    /// Cut short: `missing` characters lost (a message split in two, say).
    case truncated(missing: UInt32)
    /// Made by a newer Kami: update the app.
    case newerVersion
    /// Anything else, in the core's words.
    case other(String)

    /// The problem `error` (thrown by `Session.openCode`) stands for.
    public init(_ error: any Error) {
        switch error as? KamiError {
        case .NotAShareCode: self = .notACode
        case .ShareCodeMismatch: self = .mistyped
        case .ShareCodeTruncated(let missing): self = .truncated(missing: missing)
        case .UnknownShareCodeVersion: self = .newerVersion
        default: self = .other(playerMessage(for: error))
        }
    }
}

/// What the solver made of an opened puzzle's claimed par.
public enum ParConfirmation: Equatable, Sendable {
    /// Not asked yet, or still thinking.
    case checking
    /// The claimed par is the fewest moves.
    case confirmed
    /// The fewest moves are `fewest`, not the claimed par.
    case differs(fewest: UInt32)
    /// No proof in the time a phone allows: the par stays a claim.
    case unconfirmed
}

/// A puzzle opened from a code or a `kami://` link, before it is played or kept: its name and
/// claimed par, and the solver's check of that par (`checkPar()`), which never trusts the code.
@MainActor
@Observable
public final class OpenedPuzzle {
    @ObservationIgnored let shared: SharedPuzzle
    /// The name the code carries, if any.
    public let name: String?
    /// The par the code claims.
    public let claimedPar: UInt32
    /// Whether the sender's solver claimed to have proven it.
    public let claimedProven: Bool
    /// The code and its link (spaces and the link's start dropped).
    public let code: ShareCode
    /// What the solver here made of the claimed par.
    public private(set) var confirmation: ParConfirmation = .checking

    init(_ shared: SharedPuzzle) {
        self.shared = shared
        name = shared.name()
        claimedPar = shared.par()
        claimedProven = shared.parProvenClaimed()
        code = shared.code()
    }

    /// Asks the solver on another thread whether the claimed par is the fewest moves (up to a
    /// couple of seconds) and shows the answer.
    public func checkPar() async {
        let shared = self.shared
        let check = await Task.detached(priority: .userInitiated) { shared.checkPar() }.value
        confirmation = switch check {
        case .proven: .confirmed
        case .differs(let fewest): .differs(fewest: fewest)
        case .unknown: .unconfirmed
        }
    }
}

extension Session {
    /// Opens a share code or a `kami://puzzle/` link (pasted, scanned or tapped): the core reads
    /// it and refuses a mistyped one with a typed error (see `CodeProblem`).
    public func openCode(_ text: String) throws -> OpenedPuzzle {
        OpenedPuzzle(try openShareCode(text: text))
    }

    /// Plays `opened` without keeping it: a fresh game becomes the game in play.
    @discardableResult
    public func play(_ opened: OpenedPuzzle) -> GameModel {
        newRequest()
        let game = GameModel(game: opened.shared.game())
        adopt(game)
        save()
        return game
    }

    /// Keeps `opened` in the player's puzzles as `name` (its par a claim until checked), and
    /// checks the par there in the background (`parCheck`).
    @discardableResult
    public func keep(_ opened: OpenedPuzzle, name: String) throws -> PuzzleEntry {
        let entry = try puzzles.update { try $0.addShared(shared: opened.shared, name: name) }
        write(puzzles.save(), to: .puzzles)
        parCheck = Task { await checkPar(of: entry.id) }
        return entry
    }

    /// The share sheet's items for puzzle `id` of the player's puzzles.
    public func shareItems(puzzleId id: String) throws -> ShareItems {
        try ShareItems(puzzles.collection.share(id: id))
    }

    /// An editor over puzzle `id`'s board (saved as a new puzzle).
    public func edit(puzzleId id: String) throws -> EditorModel {
        EditorModel(editor: try Editor.fromPuzzle(collection: puzzles.collection, id: id))
    }

    /// Keeps the drawing in the player's puzzles as a new puzzle named `name`, with the best
    /// par known (marked proven if it is). Throws `KamiError.BoardOneColour` for a blank board.
    @discardableResult
    public func save(_ drawing: EditorModel, name: String) throws -> PuzzleEntry {
        let entry = try puzzles.update { try drawing.editor.saveTo(collection: $0, name: name) }
        write(puzzles.save(), to: .puzzles)
        return entry
    }

    /// Plays the drawing as it stands: a fresh game of it becomes the game in play.
    @discardableResult
    public func play(_ drawing: EditorModel, name: String) throws -> GameModel {
        newRequest()
        let game = try drawing.play(name: name)
        adopt(game)
        save()
        return game
    }

    /// The share sheet's items for the drawing as it stands, named `name`, its par claimed proven
    /// only if the analysis on screen proved it.
    public func shareItems(for drawing: EditorModel, name: String) throws -> ShareItems {
        let proven = drawing.report?.parProven ?? false
        return try ShareItems(shareGame(game: drawing.editor.play(name: name), name: name, parProven: proven))
    }
}
