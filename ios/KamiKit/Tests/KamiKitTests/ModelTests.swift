import Foundation
import KamiCore
import KamiKit
import Observation
import Testing

/// The observable models, driven the way the SwiftUI views drive them.
@MainActor @Suite struct ModelTests {
    let board = BoardTaps()
    var size: CGSize { board.size }

    func centre(of tile: UInt32, in model: GameModel) throws -> CGPoint {
        try board.centre(of: tile, in: model)
    }

    func play(_ move: Move, on model: GameModel) throws {
        try board.play(move, on: model)
    }

    @Test func startsFromTheCoresSnapshot() throws {
        let level = try firstLevel()
        let model = try GameModel(levelId: level.id)
        let core = try Game(levelId: level.id).snapshot()
        #expect(model.snapshot == core)
        #expect(model.palette.count == Int(level.colours) && model.par == level.par)
        #expect(model.movesUsed == 0 && model.status == .playing && model.grade == nil)
        #expect(model.selectedColour == 0 && model.lastFlood.isEmpty && model.errorMessage == nil)
        #expect(throws: KamiError.UnknownLevel(id: "nope")) { try GameModel(levelId: "nope") }
    }

    @Test func tapsPlayTheSelectedColourWithARipple() throws {
        let model = try GameModel(levelId: try firstLevel().id)
        let game = try Game(levelId: model.snapshot.levelId)
        let moves = try lineOfPlay(game, count: Int(model.par) + 2)
        for (index, move) in moves.enumerated() {
            let expected = try game.play(tile: move.tile, colour: move.colour)
            try play(move, on: model)
            #expect(model.errorMessage == nil)
            #expect(model.selectedColour == move.colour)
            #expect(model.snapshot == expected.snapshot)
            #expect(model.lastFlood == expected.flood && model.lastFlood.first?.tile == move.tile)
            #expect(model.movesUsed == UInt32(index + 1))
        }
        #expect(model.status != .playing)
    }

    @Test func firstLevelIsWonPerfectlyByTapping() throws {
        let model = try GameModel(levelId: try firstLevel().id)
        for move in try firstLevelWin.get() { try play(move, on: model) }
        #expect(model.status == .won(grade: .perfect) && model.grade == .perfect)
        #expect(model.movesUsed <= model.par)
        let progress = ProgressModel()
        #expect(progress.record(model) == BestResult(moves: model.movesUsed, grade: .perfect))
        let level = progress.packs.flatMap(\.levels).first { $0.level.id == model.snapshot.levelId }
        #expect(level?.best == BestResult(moves: model.movesUsed, grade: .perfect))
    }

    @Test func refusedTapsLeaveTheGameAndExplainWhy() throws {
        let model = try GameModel(levelId: try firstLevel().id)
        let start = model.snapshot
        let tile = try #require(start.tiles.firstIndex { $0 != nil })
        let colour = try #require(start.tiles[tile])

        model.tap(at: CGPoint(x: -10, y: -10), in: size)
        #expect(model.snapshot == start && model.errorMessage == nil)

        model.selectColour(colour)
        model.tap(at: try centre(of: UInt32(tile), in: model), in: size)
        #expect(model.snapshot == start)
        #expect(model.errorMessage == KamiError.SameColour(tile: UInt32(tile), colour: colour).description)

        model.selectColour(UInt32(start.palette.count))
        model.tap(at: try centre(of: UInt32(tile), in: model), in: size)
        #expect(model.errorMessage?.isEmpty == false)

        model.tap(at: CGPoint(x: 1, y: 1), in: .zero)
        #expect(model.errorMessage == KamiError.InvalidViewport(width: 0, height: 0).description)
        #expect(model.snapshot == start && model.lastFlood.isEmpty)
        #expect(model.layout(in: .zero) == nil)
    }

    @Test func undoRedoAndRestartUpdateTheState() throws {
        let model = try GameModel(levelId: try firstLevel().id)
        let start = model.snapshot
        model.undo()
        #expect(model.errorMessage == KamiError.NothingToUndo.description)

        let move = try #require(try lineOfPlay(Game(levelId: start.levelId), count: 1).first)
        try play(move, on: model)
        let played = model.snapshot
        #expect(model.errorMessage == nil && !model.lastFlood.isEmpty)

        model.undo()
        #expect(state(model.snapshot) == state(start).with(canRedo: true))
        #expect(model.lastFlood.isEmpty && model.errorMessage == nil)
        model.redo()
        #expect(state(model.snapshot) == state(played) && model.lastFlood.isEmpty)
        model.redo()
        #expect(model.errorMessage == KamiError.NothingToRedo.description)
        model.restart()
        #expect(state(model.snapshot) == state(start) && model.errorMessage == nil)
    }

    @Test func intentsNotifyObservers() throws {
        let model = try GameModel(levelId: try firstLevel().id)
        let changed = Flag()
        withObservationTracking { _ = model.errorMessage } onChange: { changed.set() }
        model.undo()
        #expect(changed.isSet)

        let move = try #require(try lineOfPlay(Game(levelId: model.snapshot.levelId), count: 1).first)
        let moved = Flag()
        withObservationTracking { _ = model.movesUsed } onChange: { moved.set() }
        model.selectColour(move.colour)
        #expect(!moved.isSet)
        model.tap(at: try centre(of: move.tile, in: model), in: size)
        #expect(moved.isSet)
    }

    @Test func theNextLevelFollowsTheUnlockedPacks() throws {
        let progress = ProgressModel()
        let playable = progress.packs.filter(\.unlocked).flatMap(\.levels).map(\.level)
        try #require(playable.count >= 2)
        #expect(progress.level(after: playable[0].id) == playable[1])
        #expect(progress.level(after: try #require(playable.last).id) == nil)
        #expect(progress.level(after: "daily/2026-11-23") == nil)
        #expect(playerMessage(for: KamiError.NothingToUndo) == KamiError.NothingToUndo.description)
    }

    @Test func savedGamesAndProgressRestore() throws {
        let model = try GameModel(levelId: try firstLevel().id)
        for move in try lineOfPlay(Game(levelId: model.snapshot.levelId), count: 2) { try play(move, on: model) }
        model.undo()
        let restored = try GameModel(restoring: model.save())
        #expect(state(restored.snapshot) == state(model.snapshot))
        restored.redo()
        model.redo()
        #expect(state(restored.snapshot) == state(model.snapshot) && restored.errorMessage == nil)
        #expect(throws: KamiError.NotASave) { try GameModel(restoring: Data("not a save".utf8)) }

        let progress = ProgressModel()
        #expect(progress.packs == PlayerProgress().packs())
        #expect(progress.record(try GameModel(levelId: model.snapshot.levelId)) == nil)
        #expect(try ProgressModel(restoring: progress.save()).packs == progress.packs)
        #expect(throws: KamiError.WrongSaveKind) { try ProgressModel(restoring: model.save()) }
    }
}

/// Set once from an observation's change handler, which may run on any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

extension GameSnapshot {
    func with(canRedo: Bool) -> GameSnapshot {
        var snapshot = self
        snapshot.canRedo = canRedo
        return snapshot
    }
}
