import Foundation
import KamiCore

/// What importing a screenshot came to (`Session.importScreenshot`).
public enum ImportOutcome: Sendable {
    /// Kept in the player's puzzles and opened as the game in play.
    case opened(GameModel)
    /// Kept in the player's puzzles, not opened: the player moved on while it was read.
    case kept(PuzzleEntry)
    /// The board was read but the move counter was not: ask the player for the par, then call
    /// `Session.finishImport(_:par:)`. Nothing is kept until then.
    case needsPar(PendingImport)
}

/// A board read from a screenshot whose par the player still has to give.
public struct PendingImport: Sendable {
    let imported: ImportedPuzzle
    let request: Int
    /// The name the puzzle will be kept under.
    public let name: String
    /// The palette read from the toolbar (to show beside the question).
    public var palette: [Rgb] { imported.palette() }
}

/// Why a screenshot could not be imported, for the app to word: the core's typed error sorted
/// into what a player can act on.
public enum ImportProblem: Equatable, Sendable {
    /// Not a PNG or JPEG image, or a damaged one.
    case unreadable
    /// Too small to read a board from.
    case tooSmall
    /// Too large to read.
    case tooLarge
    /// No KAMI 2 board in it (no toolbar of swatches, no grid, or cut off).
    case notABoard
    /// Colours too alike to tell apart.
    case coloursAlike
    /// A par outside 1 to `max`.
    case invalidPar(max: UInt32)
    /// The player's puzzles are full: `max` of them.
    case collectionFull(max: UInt32)
    /// Anything else, in the core's or the system's words.
    case other(String)

    /// The problem `error` (thrown by an import) stands for.
    public init(_ error: any Error) {
        switch error as? KamiError {
        case .ImageUnreadable: self = .unreadable
        case .ImageTooSmall: self = .tooSmall
        case .ImageTooLarge: self = .tooLarge
        case .NotAKamiBoard: self = .notABoard
        case .ColoursAlike: self = .coloursAlike
        case .InvalidPar(_, let max): self = .invalidPar(max: max)
        case .CollectionFull(let max): self = .collectionFull(max: max)
        default: self = .other(playerMessage(for: error))
        }
    }
}

extension Session {
    /// Reads a KAMI 2 screenshot (PNG or JPEG `data`) on another thread and keeps its board in
    /// the player's puzzles as `name`, then opens it as the game in play, with hints, unless
    /// another request to show or leave a game came meanwhile (then it is only kept). When the
    /// move counter cannot be read, nothing is kept yet: the player is asked for the par.
    /// A kept puzzle's par is then checked by the solver in the background (`parCheck`).
    /// Throws the core's `KamiError` (see `ImportProblem`) when the image holds no board.
    public func importScreenshot(_ data: Data, name: String) async throws -> ImportOutcome {
        try await importScreenshot(data, name: name) { data in
            try await Task.detached(priority: .userInitiated) { try KamiCore.importScreenshot(bytes: data) }.value
        }
    }

    /// `importScreenshot(_:name:)` with the image read by `reading` (tests hold it back to race it).
    func importScreenshot(
        _ data: Data, name: String, reading: @MainActor (Data) async throws -> ImportedPuzzle
    ) async throws -> ImportOutcome {
        let mine = newRequest()
        let imported = try await reading(data)
        let pending = PendingImport(imported: imported, request: mine, name: name)
        guard let par = imported.par() else { return .needsPar(pending) }
        return try keep(pending, par: par)
    }

    /// Keeps a screenshot's board whose par the player gave (1 to 4096) and opens it, as
    /// `importScreenshot` does; throws `KamiError.invalidPar` (nothing kept) for another par.
    public func finishImport(_ pending: PendingImport, par: UInt32) throws -> ImportOutcome {
        try keep(pending, par: par)
    }

    /// Opens puzzle `id` of the player's puzzles: the game in play if it is that puzzle (from its
    /// start if it was won, as `resume()`), else a fresh game.
    @discardableResult
    public func open(puzzleId id: String) throws -> GameModel {
        newRequest()
        _ = try puzzles.collection.puzzle(id: id)  // a deleted puzzle is not opened, even if its game is in play
        if let game, game.snapshot.levelId == id { return continueGame() ?? game }
        let game = GameModel(game: try puzzles.collection.game(id: id))
        adopt(game)
        save()
        return game
    }

    /// Renames puzzle `id` (1 to 60 characters once trimmed); throws `KamiError` if refused.
    public func renamePuzzle(_ id: String, to name: String) throws {
        try puzzles.update { _ = try $0.rename(id: id, name: name) }
        write(puzzles.save(), to: .puzzles)
    }

    /// Keeps a copy of puzzle `id` named `name`, without its result; returns it.
    @discardableResult
    public func duplicatePuzzle(_ id: String, name: String) throws -> PuzzleEntry {
        let copy = try puzzles.update { try $0.duplicate(id: id, name: name) }
        write(puzzles.save(), to: .puzzles)
        return copy
    }

    /// Deletes puzzle `id`. A game of it in play stays playable; its result is no longer kept.
    public func deletePuzzle(_ id: String) throws {
        try puzzles.update { try $0.delete(id: id) }
        write(puzzles.save(), to: .puzzles)
    }

    /// Asks the solver, on another thread, whether puzzle `id`'s par is the fewest moves; a
    /// proven par is kept as proven (and saved). `nil` if the puzzle is gone.
    public func checkPar(of id: String) async -> ParCheck? {
        let collection = puzzles.collection
        let check = try? await Task.detached(priority: .utility) { try collection.checkPar(id: id) }.value
        if check == .proven {
            puzzles.update { _ in }
            write(puzzles.save(), to: .puzzles)
        }
        return check
    }

    private func keep(_ pending: PendingImport, par: UInt32) throws -> ImportOutcome {
        let entry = try puzzles.update { try $0.addImported(imported: pending.imported, name: pending.name, par: par) }
        write(puzzles.save(), to: .puzzles)
        parCheck = Task { await checkPar(of: entry.id) }
        guard request == pending.request else { return .kept(entry) }  // the player moved on
        return .opened(try open(puzzleId: entry.id))
    }
}
