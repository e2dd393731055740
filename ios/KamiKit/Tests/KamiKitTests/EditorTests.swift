import Foundation
import KamiCore
import Testing

/// The puzzle editor through the generated bindings: paint, await the analysis off the main
/// thread, play the drawing to a win and keep it.
@Suite struct EditorTests {
    /// Waits on a background thread, as the app would, for the analysis of the drawing to finish.
    private func finished(_ editor: Editor) async throws -> EditorAnalysis {
        let task = Task.detached { () -> EditorAnalysis? in
            var after: UInt64 = 0
            while let analysis = editor.analysis(after: after, timeoutMs: 60_000) {
                if analysis.version != editor.snapshot().version { return nil }
                if analysis.done { return analysis }
                after = analysis.serial
            }
            return nil
        }
        return try #require(await task.value)
    }

    @Test func aDrawingIsPaintedAnalysedPlayedToAWinAndKept() async throws {
        let palette = Array(curatedPalettes()[0].colours.prefix(3))
        let editor = try Editor.blank(tiling: .triangles, rows: 9, cols: 6, palette: palette)
        #expect(try await finished(editor).verdicts.contains(.oneColour))
        _ = try editor.setMirror(mirror: .leftRight)
        let layout = try editor.layout(width: 300, height: 500)
        #expect(layout.tiles.count == 54)
        try editor.beginStroke(tool: .paint(colour: 1))
        let (top, bottom) = (layout.tiles[1].centre, layout.tiles[49].centre)
        _ = try editor.strokeTo(width: 300, height: 500, x: top.x, y: top.y)
        _ = try editor.strokeTo(width: 300, height: 500, x: bottom.x, y: bottom.y)
        editor.endStroke()
        for (tile, colour) in [(0, 2), (20, 2), (33, 1), (45, 2)] as [(UInt32, UInt32)] {
            _ = try editor.paint(tile: tile, tool: .paint(colour: colour))
        }
        let drawn = try editor.paint(tile: 53, tool: .hole)
        #expect(drawn.tiles[48] == nil, "the mirror made a hole too")
        _ = try editor.undo()
        #expect(try editor.redo().tiles == drawn.tiles)

        let analysis = try await finished(editor)
        guard case .proven(let par) = analysis.par else {
            Issue.record("not proven: \(analysis)")
            return
        }
        #expect(par >= 2)
        let game = try editor.play(name: "Drawn")
        #expect(game.snapshot().par == par)
        while game.snapshot().status == .playing {
            let next = try #require(try game.hint().next)
            _ = try game.play(tile: next.tile, colour: next.colour)
        }
        #expect(game.snapshot().status == .won(grade: .perfect))

        let puzzles = PuzzleCollection()
        let entry = try editor.saveTo(collection: puzzles, name: "Mine")
        #expect(entry.origin == .made && entry.parProven)
    }

    @Test func badEditsAreTypedErrors() throws {
        let palette = Array(curatedPalettes()[1].colours.prefix(2))
        let editor = try Editor.blank(tiling: .triangles, rows: 4, cols: 3, palette: palette)
        #expect(throws: KamiError.TileOutOfRange(tile: 12, tiles: 12)) { try editor.paint(tile: 12, tool: .hole) }
        #expect(throws: KamiError.MirrorDoesNotFit(rows: 4, cols: 3)) { try editor.setMirror(mirror: .leftRight) }
        #expect(throws: KamiError.BoardOneColour) { try editor.play(name: "Blank") }
    }
}
