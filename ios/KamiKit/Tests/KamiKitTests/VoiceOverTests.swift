import Foundation
import KamiCore
import KamiKit
import Testing

/// Playing the board with VoiceOver: the board read as runs of colour, the cursor over them, moves
/// played at the cursor or from the hint, and what is spoken. Every move is checked against the core.
@MainActor @Suite struct VoiceOverTests {
    /// A shipped level with a row of holes, if there is one (else the last level), so the cursor
    /// meets holes.
    func levelWithHoles() throws -> LevelInfo {
        let levels = packs().flatMap(\.levels)
        let holed = try levels.first { try Game(levelId: $0.id).snapshot().tiles.contains(nil) }
        return try #require(holed ?? levels.last)
    }

    @Test func runsCoverEveryTileOnceInReadingOrder() throws {
        for level in [try firstLevel(), try levelWithHoles()] {
            let snapshot = try Game(levelId: level.id).snapshot()
            let runs = TileRun.runs(of: snapshot)
            let cols = Int(snapshot.cols)
            #expect(runs.flatMap(\.tiles) == snapshot.tiles.indices.filter { snapshot.tiles[$0] != nil }.map(UInt32.init))
            for run in runs {
                #expect(run.tiles.allSatisfy { snapshot.tiles[Int($0)] == run.colour && run.contains($0) })
                // Maximal: the tiles either side are another colour, a hole or the board's edge.
                if run.columns.lowerBound > 0 { #expect(snapshot.tiles[Int(run.first) - 1] != run.colour) }
                if run.columns.upperBound < cols - 1 {
                    #expect(snapshot.tiles[run.row * cols + run.columns.upperBound + 1] != run.colour)
                }
            }
        }
    }

    @Test func theCursorWalksTheRunsAndTheRows() throws {
        let model = try GameModel(levelId: try levelWithHoles().id)
        let runs = TileRun.runs(of: model.snapshot)
        #expect(model.cursor == runs.first?.first && model.cursorRun == runs.first)
        #expect(!model.moveCursor(.previous) && !model.moveCursor(.up))
        #expect(model.cursor == runs.first?.first)

        var visited = [try #require(model.cursorRun)]
        while model.moveCursor(.next) { visited.append(try #require(model.cursorRun)) }
        #expect(visited == runs)
        #expect(!model.moveCursor(.down) && model.cursorRun == runs.last)
        #expect(model.moveCursor(.previous) && model.cursorRun == runs[runs.count - 2])

        // Up and down go to the nearest row with tiles (over rows of holes), keeping the column
        // where that row has a tile under it.
        let rows = Set(runs.map(\.row)).sorted()
        let cols = Int(model.snapshot.cols)
        while model.moveCursor(.up) {}
        #expect(model.cursorRun?.row == rows.first)
        for row in rows.dropFirst() {
            let from = try #require(model.cursor)
            #expect(model.moveCursor(.down))
            let to = try #require(model.cursor)
            #expect(Int(to) / cols == row)
            if model.snapshot.tiles[row * cols + Int(from) % cols] != nil { #expect(Int(to) % cols == Int(from) % cols) }
        }
        #expect(!model.moveCursor(.down))
    }

    @Test func aDoubleTapPlaysTheSelectedColourAtTheCursor() throws {
        let model = try GameModel(levelId: try firstLevel().id)
        let game = try Game(levelId: model.snapshot.levelId)
        model.moveCursor(.next)
        let tile = try #require(model.cursor)
        let run = try #require(model.cursorRun)

        model.selectColour(run.colour)
        model.playAtCursor()
        #expect(model.errorMessage == KamiError.SameColour(tile: tile, colour: run.colour).description)
        #expect(model.movesUsed == 0)

        let colour = (run.colour + 1) % UInt32(model.palette.count)
        model.selectColour(colour)
        model.playAtCursor()
        let expected = try game.play(tile: tile, colour: colour)
        #expect(model.errorMessage == nil && model.snapshot == expected.snapshot)
        #expect(model.cursor == tile && model.cursorRun?.colour == colour && model.ripple != nil)
        let reading = try #require(model.cursorReading)
        #expect(reading.colour == colour && reading.name == ColourName(of: model.palette[Int(colour)]))
        #expect(reading.row == run.row + 1 && reading.firstColumn <= Int(tile) % Int(model.snapshot.cols) + 1)
    }

    @Test func theHintIsPlayedAndPointedOut() async throws {
        let model = try GameModel(levelId: try firstLevel().id)
        #expect(!model.playHint() && model.movesUsed == 0)
        await model.requestHint().value
        guard case .shown(let advice) = model.hint, let next = advice.next else {
            Issue.record("expected a hint with a move, found \(model.hint)")
            return
        }
        // Some run on the way holds the hinted region and says so.
        var saidHinted = false
        repeat {
            let inRegion = model.cursorRun.map { !Set(next.region).isDisjoint(with: $0.tiles) } ?? false
            #expect(model.cursorReading?.hinted == inRegion)
            saidHinted = saidHinted || inRegion
        } while model.moveCursor(.next)
        #expect(saidHinted)

        let game = try Game(levelId: model.snapshot.levelId)
        #expect(model.playHint())
        let expected = try game.play(tile: next.tile, colour: next.colour)
        #expect(model.snapshot == expected.snapshot && model.selectedColour == next.colour)
        #expect(model.cursor == next.tile && model.hint == .idle && model.cursorReading?.hinted == false)
        #expect(!model.playHint())
    }

    @Test func announcementsFollowTheGame() throws {
        let model = try GameModel(levelId: try firstLevel().id)
        let start = model.snapshot
        #expect(model.progressAnnouncement
            == .playing(moves: 0, par: start.par, areas: start.regionCount, colours: start.coloursLeft))
        for move in try firstLevelWin.get() { try BoardTaps().play(move, on: model) }
        #expect(model.progressAnnouncement == .solvedInPar(moves: model.movesUsed))
        #expect(model.colourName(0) == ColourName(of: model.palette[0]) && model.colourName(99) == nil)
    }
}
