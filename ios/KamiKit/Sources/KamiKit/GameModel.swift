import Foundation
import KamiCore
import Observation

/// One level being played, as a game screen shows it: the shell renders this state and sends
/// intents; every rule and number comes from the Rust core through `Game`.
///
/// Main-actor isolated: SwiftUI reads observable state on the main actor, and the core's calls
/// are quick synchronous functions, so intents run there directly. The one slow call, the hint
/// search, runs on another thread (`Game` is `Sendable` and thread-safe).
@MainActor
@Observable
public final class GameModel {
    /// The game in the core. Internal so `ProgressModel` can record it.
    @ObservationIgnored let game: Game
    /// The last layout asked for, kept until the viewport changes (a level's layout never does).
    @ObservationIgnored private var cachedLayout: (size: CGSize, layout: BoardLayout)?

    /// The game as it stands: board, palette, moves, par, status, undo and redo availability.
    public private(set) var snapshot: GameSnapshot
    /// The palette index a tap recolours to.
    public private(set) var selectedColour: UInt32 = 0
    /// The tiles the last move recoloured, ring by ring from the tapped tile, for the ripple
    /// animation; empty after undo, redo and restart, which redraw without a ripple.
    public private(set) var lastFlood: [FloodTile] = []
    /// How the last move animates, from when it was played (`nil` after undo, redo and restart,
    /// which redraw at once). Set in the same update as `snapshot`.
    public private(set) var ripple: Ripple?
    /// Why the last intent was refused, worded for the player; `nil` once an intent succeeds.
    public private(set) var errorMessage: String?
    /// The hint for the position on screen, if one was asked for.
    public private(set) var hint: HintState = .idle
    /// The tile VoiceOver's board cursor is on (`nil` only on a board of holes): VoiceOver reads
    /// the run of colour there (`cursorReading`) and `playAtCursor()` plays there. It starts
    /// on the first tile, moves with `moveCursor(_:)`, and goes to every tile played.
    public private(set) var cursor: UInt32?
    /// Counts hint requests and game changes: a hint search answers only if none came after it.
    @ObservationIgnored private(set) var hintRequest = 0

    /// Called after every move, undo, redo and restart (the session saves the game there).
    @ObservationIgnored public var onChange: (@MainActor () -> Void)?

    /// A fresh game of the shipped level `levelId`.
    public convenience init(levelId: String) throws {
        try self.init(game: Game(levelId: levelId))
    }

    /// A game restored from `save()` bytes, undo and redo included.
    public convenience init(restoring save: Data) throws {
        try self.init(game: Game.restore(save: save))
    }

    /// A fresh game of the daily puzzle of a date, the same for every player (the core's
    /// `dailyPuzzle`: easy on Monday, hardest on Sunday). The core makes it on another thread.
    public static func daily(year: UInt32, month: UInt32, day: UInt32) async throws -> GameModel {
        let puzzle = try await Task.detached(priority: .userInitiated) {
            try dailyPuzzle(year: year, month: month, day: day)
        }.value
        return GameModel(game: puzzle.game)
    }

    /// A model of `game` as it stands (a restored or generated game).
    init(game: Game) {
        self.game = game
        snapshot = game.snapshot()
        cursor = TileRun.runs(of: snapshot).first?.first
    }

    /// The colours to choose from.
    public var palette: [Rgb] { snapshot.palette }
    /// Moves played so far.
    public var movesUsed: UInt32 { snapshot.movesUsed }
    /// The level's par.
    public var par: UInt32 { snapshot.par }
    /// Playing, won or failed.
    public var status: GameStatus { snapshot.status }
    /// The grade of a won game; `nil` while playing or after a fail.
    public var grade: Grade? {
        if case .won(let grade) = snapshot.status { grade } else { nil }
    }

    /// Chooses the palette index the next tap recolours to (the core checks it when played).
    public func selectColour(_ colour: UInt32) {
        selectedColour = colour
    }

    /// Plays the selected colour on the tile under `point` of a board drawn into `size`.
    /// A tap beside the board or on a hole does nothing.
    public func tap(at point: CGPoint, in size: CGSize) {
        perform {
            let width = Double(size.width), height = Double(size.height)
            guard let tile = try game.tileAt(width: width, height: height, x: Double(point.x), y: Double(point.y))
            else { return }
            try playSelectedColour(on: tile)
        }
    }

    /// Plays the selected colour on `tile` (a tile number, as the core counts them).
    public func play(tile: UInt32) {
        perform { try playSelectedColour(on: tile) }
    }

    /// Plays the selected colour on the cursor's tile (VoiceOver's double-tap on the board).
    public func playAtCursor() {
        guard let cursor else { return }
        play(tile: cursor)
    }

    /// Plays the move the hint on screen suggests: selects its colour and plays it on its tile.
    /// Returns whether a move was played (`false` when no hint with a move is shown).
    @discardableResult
    public func playHint() -> Bool {
        guard case .shown(let advice) = hint, let next = advice.next else { return false }
        selectColour(next.colour)
        let revision = snapshot.revision
        play(tile: next.tile)
        return snapshot.revision != revision
    }

    /// Moves VoiceOver's board cursor; returns `false` (the cursor staying) at the board's edge.
    /// A cursor lost (or never placed) goes to the first tile.
    @discardableResult
    public func moveCursor(_ move: CursorMove) -> Bool {
        let runs = TileRun.runs(of: snapshot)
        guard let cursor, let index = runs.firstIndex(where: { $0.contains(cursor) }) else {
            self.cursor = runs.first?.first
            return self.cursor != nil
        }
        guard let destination = TileRun.destination(of: move, from: cursor, in: runs, at: index) else { return false }
        self.cursor = destination
        return true
    }

    /// The run of colour the cursor is on, as VoiceOver reads it.
    public var cursorRun: TileRun? {
        guard let cursor else { return nil }
        return TileRun.runs(of: snapshot).first { $0.contains(cursor) }
    }

    /// The move itself: the core plays it (or refuses), the cursor follows it, and the ripple is
    /// published in the same update as the snapshot it animates.
    private func playSelectedColour(on tile: UInt32) throws {
        let before = snapshot.tiles.indices.contains(Int(tile)) ? snapshot.tiles[Int(tile)] : nil
        let turn = try game.play(tile: tile, colour: selectedColour)
        cursor = tile
        let ripple = before.map { Ripple(flood: turn.flood, fromColour: $0) }
        changed(to: turn.snapshot, flood: turn.flood, ripple: ripple)
    }

    /// Takes back the last move.
    public func undo() {
        perform { changed(to: try game.undo()) }
    }

    /// Replays the last undone move.
    public func redo() {
        perform { changed(to: try game.redo()) }
    }

    /// Starts the level again.
    public func restart() {
        perform { changed(to: game.restart()) }
    }

    /// The whole game as bytes for `init(restoring:)`: save after every move.
    public func save() -> Data {
        game.save()
    }

    /// Every tile's outline for a board drawn into `size`, or `nil` for an empty or non-finite size.
    public func layout(in size: CGSize) -> BoardLayout? {
        if let cached = cachedLayout, cached.size == size { return cached.layout }
        guard let layout = try? game.layout(width: Double(size.width), height: Double(size.height)) else {
            return nil
        }
        cachedLayout = (size, layout)
        return layout
    }

    /// Asks the core for a hint for the position on screen. The hint shows `.thinking` at once;
    /// the search runs on another thread, never blocking the main actor, and the returned task
    /// ends once its answer is shown or dropped. A hint search still running is cancelled. The
    /// answer is shown only if it is for the position on screen: any move, undo, redo or restart
    /// meanwhile (or a newer request) cancels it or makes it stale, and it is dropped.
    @discardableResult
    public func requestHint() -> Task<Void, Never> {
        game.cancelHint()
        hintRequest += 1
        let request = hintRequest
        hint = .thinking
        let game = self.game
        return Task {
            let answer = await Task.detached(priority: .userInitiated) { Result { try game.hint() } }.value
            receiveHint(answer, for: request)
        }
    }

    /// Stops a hint search and hides the hint.
    public func dismissHint() {
        game.cancelHint()
        hintRequest += 1
        hint = .idle
    }

    /// Shows the answer to hint request `request`, unless something came after it or it is for
    /// another revision of the game than the one on screen (stale).
    func receiveHint(_ answer: Result<Hint, any Error>, for request: Int) {
        guard request == hintRequest else { return }
        switch answer {
        case .success(let advice) where advice.revision == snapshot.revision: hint = .shown(advice)
        case .success, .failure(KamiError.HintCancelled): hint = .idle
        case .failure(let error): hint = .unavailable(playerMessage(for: error))
        }
    }

    /// Shows the game after an intent changed it and tells `onChange`.
    private func changed(to snapshot: GameSnapshot, flood: [FloodTile] = [], ripple: Ripple? = nil) {
        self.snapshot = snapshot
        lastFlood = flood
        self.ripple = ripple
        // The core has cancelled any hint search; a hint shown was for the old position.
        hintRequest += 1
        hint = .idle
        onChange?()
    }

    /// Runs an intent: clears the last error, or records why the core refused it.
    private func perform(_ intent: () throws -> Void) {
        errorMessage = refusal(of: intent)
    }
}
