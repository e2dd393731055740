import Foundation
import KamiCore
import Testing

/// The Rust core through the generated bindings: rules, history, saves, layout and errors.
@Suite struct CoreTests {
    @Test func catalogueListsPlayableLevels() throws {
        let packs = packs()
        #expect(!packs.isEmpty)
        for level in packs.flatMap(\.levels) {
            let snapshot = try Game(levelId: level.id).snapshot()
            #expect(snapshot.levelId == level.id)
            #expect(snapshot.par == level.par && snapshot.par > 0)
            #expect(snapshot.palette.count == Int(level.colours))
            #expect(snapshot.tiles.count == Int(level.rows * level.cols))
            #expect(snapshot.status == .playing && snapshot.movesUsed == 0)
        }
    }

    @Test func firstLevelIsWonPerfectlyInPar() throws {
        let level = try firstLevel()
        let moves = try firstLevelWin.get()
        #expect(moves.count <= Int(level.par))
        let game = try Game(levelId: level.id)
        for (index, move) in moves.enumerated() {
            #expect(game.snapshot().status == .playing)
            let turn = try game.play(tile: move.tile, colour: move.colour)
            #expect(turn.colour == move.colour)
            #expect(turn.flood.first == FloodTile(tile: move.tile, ring: 0))
            #expect(turn.flood.allSatisfy { turn.snapshot.tiles[Int($0.tile)] == move.colour })
            #expect(turn.flood.map(\.ring) == turn.flood.map(\.ring).sorted())
            #expect(turn.snapshot.movesUsed == UInt32(index + 1))
        }
        let won = game.snapshot()
        #expect(won.status == .won(grade: .perfect))
        #expect(won.coloursLeft == 1 && won.regionCount == 1)
    }

    @Test func undoRedoAndRestartRetraceTheGame() throws {
        let game = try Game(levelId: try firstLevel().id)
        let start = game.snapshot()
        // par + 2 moves always finish a game: the core fails it on the move after par + 1.
        let moves = try lineOfPlay(game, count: Int(start.par) + 2)
        try #require(!moves.isEmpty)
        #expect(!start.canUndo && !start.canRedo)
        #expect(throws: KamiError.NothingToUndo) { try game.undo() }
        #expect(throws: KamiError.NothingToRedo) { try game.redo() }

        var history = [start]
        for move in moves { history.append(try game.play(tile: move.tile, colour: move.colour).snapshot) }
        #expect(history.last?.status != .playing)
        #expect(throws: KamiError.GameFinished) { try game.play(tile: moves[0].tile, colour: moves[0].colour) }
        var revision = game.snapshot().revision
        for step in stride(from: moves.count - 1, through: 0, by: -1) {
            let undone = try game.undo()
            var expected = state(history[step])
            expected.canRedo = true
            #expect(state(undone) == expected)
            #expect(undone.revision != revision)
            revision = undone.revision
        }
        #expect(throws: KamiError.NothingToUndo) { try game.undo() }
        for step in 1...moves.count {
            let redone = try game.redo()
            var expected = state(history[step])
            expected.canRedo = step < moves.count
            #expect(state(redone) == expected)
            #expect(redone.revision != revision)
            revision = redone.revision
        }
        #expect(throws: KamiError.NothingToRedo) { try game.redo() }
        #expect(state(game.snapshot()) == state(history.last!))

        let restarted = game.restart()
        #expect(state(restarted) == state(start))
        #expect(restarted.revision != revision)
    }

    @Test func saveRestoresTheGameWithItsRedo() throws {
        let level = try firstLevel()
        let game = try Game(levelId: level.id)
        let moves = try lineOfPlay(game, count: Int(level.par) + 1)
        try #require(!moves.isEmpty)
        for move in moves { _ = try game.play(tile: move.tile, colour: move.colour) }
        let last = game.snapshot()
        _ = try game.undo()
        let bytes = game.save()

        let restored = try Game.restore(save: bytes)
        #expect(state(restored.snapshot()) == state(game.snapshot()))
        #expect(restored.snapshot().canRedo)
        #expect(restored.save() == bytes)
        #expect(state(try restored.redo()) == state(last))

        let fresh = try Game(levelId: level.id)
        #expect(state(try Game.restore(save: fresh.save()).snapshot()) == state(fresh.snapshot()))
    }

    @Test(arguments: viewports)
    func everyTileCentreHitsItsTile(viewport: CGSize) throws {
        let game = try Game(levelId: try firstLevel().id)
        let (width, height) = (Double(viewport.width), Double(viewport.height))
        let layout = try game.layout(width: width, height: height)
        let snapshot = game.snapshot()
        #expect(layout.side > 0)
        #expect(layout.width <= width + 1e-9 && layout.height <= height + 1e-9)
        #expect(layout.tiles.map(\.tile) == snapshot.tiles.indices.filter { snapshot.tiles[$0] != nil }.map(UInt32.init))
        for shape in layout.tiles {
            #expect(shape.vertices.count == (snapshot.tiling == .triangles ? 3 : 4))
            for corner in shape.vertices {
                #expect((-1e-9...width + 1e-9).contains(corner.x) && (-1e-9...height + 1e-9).contains(corner.y))
            }
            #expect(try game.tileAt(width: width, height: height, x: shape.centre.x, y: shape.centre.y) == shape.tile)
        }
        #expect(try game.tileAt(width: width, height: height, x: -1, y: -1) == nil)
        #expect(try game.tileAt(width: width, height: height, x: width + 1, y: height + 1) == nil)
        #expect(try game.tileAt(width: width, height: height, x: .nan, y: 0) == nil)
    }

    @Test func badMovesAndViewportsThrowTypedErrors() throws {
        #expect(throws: KamiError.UnknownLevel(id: "no-such-level")) { try Game(levelId: "no-such-level") }
        let game = try Game(levelId: try firstLevel().id)
        let snapshot = game.snapshot()
        let tiles = UInt32(snapshot.tiles.count), colours = UInt32(snapshot.palette.count)
        let tile = try #require(snapshot.tiles.firstIndex { $0 != nil })
        let colour = try #require(snapshot.tiles[tile])

        #expect(throws: KamiError.TileOutOfRange(tile: tiles, tiles: tiles)) { try game.play(tile: tiles, colour: 0) }
        #expect(throws: KamiError.ColourOutOfRange(colour: colours, colours: colours)) {
            try game.play(tile: UInt32(tile), colour: colours)
        }
        #expect(throws: KamiError.ColourOutOfRange(colour: .max, colours: colours)) {
            try game.play(tile: UInt32(tile), colour: .max)
        }
        #expect(throws: KamiError.SameColour(tile: UInt32(tile), colour: colour)) {
            try game.play(tile: UInt32(tile), colour: colour)
        }
        if let hole = snapshot.tiles.firstIndex(of: nil) {
            #expect(throws: KamiError.Hole(tile: UInt32(hole))) { try game.play(tile: UInt32(hole), colour: 0) }
        }
        #expect(throws: KamiError.InvalidViewport(width: 0, height: 100)) { try game.layout(width: 0, height: 100) }
        #expect(throws: KamiError.InvalidViewport(width: 100, height: -1)) {
            try game.tileAt(width: 100, height: -1, x: 1, y: 1)
        }
        #expect(throws: KamiError.self) { try game.layout(width: .infinity, height: 100) }
        // A refused call changes nothing.
        #expect(game.snapshot() == snapshot)
    }

    @Test func errorsCarryTheCoresMessage() {
        // `description` is the core's Display. (The generated enum does not declare
        // CustomStringConvertible, so "\(error)" and localizedDescription show the Swift case instead.)
        let message = KamiError.TileOutOfRange(tile: 99, tiles: 12).description
        #expect(message.contains("99") && message.contains("12") && !message.contains("TileOutOfRange"))
        #expect(KamiError.NothingToUndo.description != KamiError.NothingToRedo.description)
    }

    @Test func damagedSavesThrowTypedErrors() throws {
        let bytes = try Game(levelId: try firstLevel().id).save()
        for cut in 0..<bytes.count {
            do {
                _ = try Game.restore(save: bytes.prefix(cut))
                Issue.record("a save cut to \(cut) bytes was restored")
            } catch KamiError.TruncatedSave(let expected, let found) {
                #expect(found == UInt64(cut) && expected > found)
            } catch {
                Issue.record("a save cut to \(cut) bytes gave \(error)")
            }
        }
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x01
        #expect(throws: KamiError.CorruptSave) { try Game.restore(save: flipped) }
        #expect(throws: KamiError.CorruptSave) { try Game.restore(save: bytes + [0]) }
        #expect(throws: KamiError.NotASave) { try Game.restore(save: Data("PK\u{3}\u{4} a zip file".utf8)) }
        #expect(throws: KamiError.WrongSaveKind) { try Game.restore(save: PlayerProgress().save()) }
        #expect(throws: KamiError.WrongSaveKind) { try PlayerProgress.restore(save: bytes) }
    }
}
