import Foundation
import KamiCore
import KamiKit
import Testing

/// Ripples from the core's flood order, and the colour-blind aids.
@Suite struct RippleTests {
    @Test func delaysGrowWithRingDistanceOnARealMove() throws {
        let game = try Game(levelId: try firstLevel().id)
        // The legal move whose flood reaches furthest.
        var widest: (turn: Turn, from: UInt32)?
        for (move, _) in try legalMoves(game) {
            let from = try #require(game.snapshot().tiles[Int(move.tile)])
            let turn = try game.play(tile: move.tile, colour: move.colour)
            _ = try game.undo()
            if turn.flood.map(\.ring).max() ?? 0 > widest?.turn.flood.map(\.ring).max() ?? 0 { widest = (turn, from) }
        }
        let (turn, from) = try #require(widest)
        try #require((turn.flood.map(\.ring).max() ?? 0) >= 2, "no move on the first level floods two rings")

        let ripple = Ripple(flood: turn.flood, fromColour: from)
        #expect(Set(ripple.delays.keys) == Set(turn.flood.map(\.tile)))
        #expect(ripple.delays[turn.flood[0].tile] == 0)
        for a in turn.flood {
            for b in turn.flood {
                let (delayA, delayB) = (try #require(ripple.delays[a.tile]), try #require(ripple.delays[b.tile]))
                if a.ring < b.ring { #expect(delayA < delayB) }
                if a.ring == b.ring { #expect(delayA == delayB) }
            }
        }
        #expect(ripple.duration == ripple.delays.values.max())
        #expect(ripple.duration <= 0.6)
    }

    @Test func aWideFloodStillFinishesInTime() {
        let flood = (0..<400).map { FloodTile(tile: UInt32($0), ring: UInt32($0 / 2)) }
        let ripple = Ripple(flood: flood, fromColour: 0, ringDelay: 0.05, maxSpread: 0.5)
        #expect(abs(ripple.duration - 0.5) < 1e-9)
        #expect(ripple.delays[399]! > ripple.delays[397]! && ripple.delays[1] == 0)
        #expect(Ripple(flood: [], fromColour: 0).duration == 0)
        #expect(Ripple(flood: [FloodTile(tile: 3, ring: 0)], fromColour: 1).delays == [3: 0])
    }

    @Test func tilesKeepTheirOldColourUntilTheirRing() {
        let ripple = Ripple(flood: [FloodTile(tile: 5, ring: 0), FloodTile(tile: 6, ring: 1)], fromColour: 2,
                            ringDelay: 0.1)
        #expect(ripple.colour(of: 5, now: 4, elapsed: 0) == 4)
        #expect(ripple.colour(of: 6, now: 4, elapsed: 0.05) == 2)
        #expect(ripple.colour(of: 6, now: 4, elapsed: 0.1) == 4)
        #expect(ripple.colour(of: 7, now: 1, elapsed: 0) == 1)
    }

    @MainActor @Test func theModelRipplesMovesButNotUndo() throws {
        let model = try GameModel(levelId: try firstLevel().id)
        let move = try #require(try lineOfPlay(Game(levelId: model.snapshot.levelId), count: 1).first)
        let from = try #require(model.snapshot.tiles[Int(move.tile)])
        let before = Date.now
        try BoardTaps().play(move, on: model)
        let ripple = try #require(model.ripple)
        // Published with the move's snapshot, timed from the move.
        #expect(ripple == Ripple(flood: model.lastFlood, fromColour: from, start: ripple.start))
        #expect(ripple.start >= before && ripple.start <= .now)
        model.undo()
        #expect(model.ripple == nil)
    }

    @Test func theFirstFrameShowsTheOldColoursBeyondTheTappedTile() {
        let start = Date(timeIntervalSinceReferenceDate: 1000)
        let ripple = Ripple(flood: [FloodTile(tile: 5, ring: 0), FloodTile(tile: 6, ring: 1)], fromColour: 2,
                            start: start, ringDelay: 0.1)
        #expect(ripple.colour(of: 5, now: 4, at: start) == 4)
        #expect(ripple.colour(of: 6, now: 4, at: start) == 2)
        // A frame dated before the move (a paused timeline's last date) shows the board before it.
        #expect(ripple.colour(of: 5, now: 4, at: start - 1) == 2)
        #expect(ripple.end == start + 0.1)
        #expect(ripple.colour(of: 6, now: 4, at: ripple.end + 0.001) == 4)
        #expect(ripple.colour(of: 7, now: 1, at: start) == 1)
    }

    @Test func coloursHaveDistinctSymbolsAndPlainNames() {
        #expect(Set((0..<6).map { ColourNames.symbol(for: UInt32($0)) }).count == 6)
        #expect(ColourNames.shape(for: 1) == .triangle && ColourNames.shape(for: 7) == .triangle)
        let names: [(Rgb, ColourName)] = [
            (Rgb(red: 220, green: 40, blue: 40), ColourName(.red)), (Rgb(red: 245, green: 150, blue: 30), ColourName(.orange)),
            (Rgb(red: 240, green: 220, blue: 60), ColourName(.yellow)), (Rgb(red: 40, green: 170, blue: 70), ColourName(.green)),
            (Rgb(red: 30, green: 80, blue: 200), ColourName(.blue)), (Rgb(red: 20, green: 30, blue: 90), ColourName(.blue, dark: true)),
            (Rgb(red: 140, green: 60, blue: 200), ColourName(.purple)), (Rgb(red: 240, green: 240, blue: 235), ColourName(.white)),
            (Rgb(red: 128, green: 128, blue: 128), ColourName(.grey)), (Rgb(red: 10, green: 10, blue: 10), ColourName(.black)),
            (Rgb(red: 120, green: 70, blue: 30), ColourName(.brown)), (Rgb(red: 60, green: 60, blue: 60), ColourName(.grey, dark: true)),
        ]
        for (rgb, name) in names { #expect(ColourName(of: rgb) == name, "\(rgb)") }
        #expect(ColourNames.prefersDarkInk(on: Rgb(red: 240, green: 220, blue: 60)))
        #expect(ColourNames.prefersDarkInk(on: Rgb(red: 255, green: 255, blue: 255)))
        #expect(!ColourNames.prefersDarkInk(on: Rgb(red: 20, green: 30, blue: 90)))
        #expect(!ColourNames.prefersDarkInk(on: Rgb(red: 0, green: 0, blue: 0)))
    }
}
