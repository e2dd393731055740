import Foundation
import KamiCore
import Observation

/// One level being played, as a game screen shows it: the shell renders this state and sends
/// intents; every rule and number comes from the Rust core through `Game`.
///
/// Main-actor isolated: SwiftUI reads observable state on the main actor, and the core's calls
/// are quick synchronous functions, so intents run there directly. (`Game` itself is `Sendable`
/// and thread-safe, should slow work such as a solver ever need to move off the main actor.)
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
    /// Why the last intent was refused, worded for the player; `nil` once an intent succeeds.
    public private(set) var errorMessage: String?

    /// A fresh game of the shipped level `levelId`.
    public convenience init(levelId: String) throws {
        try self.init(game: Game(levelId: levelId))
    }

    /// A game restored from `save()` bytes, undo and redo included.
    public convenience init(restoring save: Data) throws {
        try self.init(game: Game.restore(save: save))
    }

    private init(game: Game) {
        self.game = game
        snapshot = game.snapshot()
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
            let turn = try game.play(tile: tile, colour: selectedColour)
            snapshot = turn.snapshot
            lastFlood = turn.flood
        }
    }

    /// Takes back the last move.
    public func undo() {
        perform { show(try game.undo()) }
    }

    /// Replays the last undone move.
    public func redo() {
        perform { show(try game.redo()) }
    }

    /// Starts the level again.
    public func restart() {
        perform { show(game.restart()) }
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

    private func show(_ snapshot: GameSnapshot) {
        self.snapshot = snapshot
        lastFlood = []
    }

    /// Runs an intent: clears the last error, or records why the core refused it.
    private func perform(_ intent: () throws -> Void) {
        errorMessage = nil
        do {
            try intent()
        } catch let error as KamiError {
            // The core's own wording (its Display), not Swift's reflection of the enum case.
            errorMessage = error.description
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
