import Foundation
import KamiCore
import KamiKit
import Testing

/// One move: the tile to tap and the palette index its region takes.
struct Move: Equatable {
    let tile: UInt32
    let colour: UInt32
}

/// The first level of the first shipped pack: whatever the catalogue holds, the tests play it.
func firstLevel() throws -> LevelInfo {
    try #require(packs().first?.levels.first, "the catalogue has no levels")
}

/// The first shipped level whose par is at least `par`: room for a game with a middle.
func firstLevel(withParAtLeast par: UInt32) throws -> LevelInfo {
    try #require(packs().flatMap(\.levels).first { $0.par >= par }, "no level has par \(par) or more")
}

/// A snapshot without its revision, to compare game states reached along different paths.
func state(_ snapshot: GameSnapshot) -> GameSnapshot {
    var snapshot = snapshot
    snapshot.revision = 0
    return snapshot
}

/// Viewports of phone, tablet and odd shapes, in points.
let viewports: [CGSize] = [
    CGSize(width: 390, height: 844), CGSize(width: 1024, height: 768),
    CGSize(width: 320, height: 120), CGSize(width: 57.5, height: 333.3),
]

/// Every different move `game` may play now (each region given each other colour) with the game
/// it leads to, found by playing and undoing each. A move's flood names the tiles of its region,
/// so the other tiles of a region already tried are skipped.
func legalMoves(_ game: Game) throws -> [(move: Move, after: GameSnapshot)] {
    let now = game.snapshot()
    var moves: [(move: Move, after: GameSnapshot)] = []
    var tried = Set<UInt32>()
    for (tile, colour) in now.tiles.enumerated() {
        guard let colour, !tried.contains(UInt32(tile)) else { continue }
        for next in 0..<UInt32(now.palette.count) where next != colour {
            let move = Move(tile: UInt32(tile), colour: next)
            let turn = try game.play(tile: move.tile, colour: move.colour)
            _ = try game.undo()
            tried.formUnion(turn.flood.map(\.tile))
            moves.append((move, turn.snapshot))
        }
    }
    return moves
}

/// A copy of `game` to explore without touching it (its history included).
func copy(_ game: Game) throws -> Game {
    try Game.restore(save: game.save())
}

/// Thrown when `winningMoves` has played its budget of candidate moves without an answer.
struct SearchBudgetExceeded: Error, CustomStringConvertible {
    var description: String { "the test's search gave up: the level is too large for it" }
}

/// Finds moves that win `game` from where it stands in at most `limit` more moves, using only the
/// public API: depth-first on a copy, playing each candidate and undoing it, greediest (fewest
/// regions left) first. A branch is cut when more colours are left than moves + 1 (a move removes
/// at most one colour) or when its board was already searched with as many moves. Returns `nil`
/// if no such win exists; throws `SearchBudgetExceeded` after 200,000 candidate moves.
func winningMoves(_ start: Game, within limit: UInt32) throws -> [Move]? {
    let game = try copy(start)
    var searched: [[UInt32?]: UInt32] = [:]
    var budget = 200_000
    func search(_ movesLeft: UInt32) throws -> [Move]? {
        let now = game.snapshot()
        if case .won = now.status { return [] }
        guard movesLeft > 0, now.coloursLeft <= movesLeft + 1,
            searched[now.tiles].map({ $0 < movesLeft }) ?? true
        else { return nil }
        searched[now.tiles] = movesLeft
        let candidates = try legalMoves(game)
        budget -= candidates.count
        guard budget > 0 else { throw SearchBudgetExceeded() }
        for (move, _) in candidates.sorted(by: { $0.after.regionCount < $1.after.regionCount }) {
            _ = try game.play(tile: move.tile, colour: move.colour)
            if let rest = try search(movesLeft - 1) { return [move] + rest }
            _ = try game.undo()
        }
        return nil
    }
    return try search(limit)
}

/// Legal moves that `game` can play in a row from where it stands: each the one leaving the
/// fewest regions, until `count` are found or the game is won or failed (found on a copy).
func lineOfPlay(_ start: Game, count: Int) throws -> [Move] {
    let game = try copy(start)
    var line: [Move] = []
    while line.count < count, game.snapshot().status == .playing {
        let next = try legalMoves(game)
        guard let move = next.min(by: { $0.after.regionCount < $1.after.regionCount })?.move else { break }
        _ = try game.play(tile: move.tile, colour: move.colour)
        line.append(move)
    }
    return line
}

/// The first level's perfect win: searched for once per test run, shared by the tests that need it.
let firstLevelWin = Result { try perfectWin(try firstLevel().id) }

/// A level's perfect win (in at most par moves), found by search from its start.
func perfectWin(_ levelId: String) throws -> [Move] {
    let game = try Game(levelId: levelId)
    let par = game.snapshot().par
    if let moves = try winningMoves(game, within: par) { return moves }
    let longer = try winningMoves(game, within: par + 1).map { ", but it is won in \($0.count): par is too low" }
    throw NoPerfectWin(description: "\(levelId) cannot be won in par (\(par)) moves\(longer ?? "")")
}

struct NoPerfectWin: Error, CustomStringConvertible {
    let description: String
}

/// Plays moves on a `GameModel` the way a player does: choose the colour, tap the tile's centre
/// on a board drawn into `size`.
@MainActor struct BoardTaps {
    let size = CGSize(width: 390, height: 600)

    /// Where on screen a tile's centre is drawn.
    func centre(of tile: UInt32, in model: GameModel) throws -> CGPoint {
        let shape = try #require(model.layout(in: size)?.tiles.first { $0.tile == tile })
        return CGPoint(x: shape.centre.x, y: shape.centre.y)
    }

    func play(_ move: Move, on model: GameModel) throws {
        model.selectColour(move.colour)
        model.tap(at: try centre(of: move.tile, in: model), in: size)
    }
}

/// A store in a fresh, empty folder under the temporary directory (made on its first write).
func emptyStore() -> SaveStore {
    SaveStore(directory: FileManager.default.temporaryDirectory
        .appendingPathComponent("kami-tests-\(UUID().uuidString)", isDirectory: true))
}

/// Moves that lose `start` from where it stands: each one that does not win, until the core calls
/// the game failed (found on a copy).
func losingLine(_ start: Game) throws -> [Move] {
    let game = try copy(start)
    var line: [Move] = []
    while game.snapshot().status == .playing {
        let move = try #require(try legalMoves(game).first { $0.after.status == .playing || $0.after.status == .failed }?.move)
        _ = try game.play(tile: move.tile, colour: move.colour)
        line.append(move)
    }
    try #require(game.snapshot().status == .failed)
    return line
}
