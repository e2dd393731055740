package app.kami.core

import kotlin.concurrent.thread
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class EditorTest {
    /** Waits on a background thread, as the app would, for the analysis of the drawing to finish. */
    private fun finished(editor: Editor): EditorAnalysis {
        var result: EditorAnalysis? = null
        thread {
            var after = 0uL
            while (true) {
                val analysis = editor.analysis(after, 60_000u) ?: error("no analysis within a minute")
                assertEquals(editor.snapshot().version, analysis.version, "an analysis of a drawing since changed")
                if (analysis.done) {
                    result = analysis
                    break
                }
                after = analysis.serial
            }
        }.join()
        return result ?: error("the analysis thread failed")
    }

    @Test
    fun `a drawing is painted, analysed, played to a win and kept`() {
        val palette = curatedPalettes().first().colours.take(3)
        Editor.blank(Tiling.TRIANGLES, 9u, 6u, palette).use { editor ->
            assertTrue(finished(editor).verdicts.contains(EditorVerdict.OneColour))
            editor.setMirror(Symmetry.LEFT_RIGHT)
            val layout = editor.layout(300.0, 500.0)
            assertEquals(54, layout.tiles.size)
            editor.beginStroke(EditorTool.Paint(1u))
            val (top, bottom) = layout.tiles[1].centre to layout.tiles[49].centre
            editor.strokeTo(300.0, 500.0, top.x, top.y)
            editor.strokeTo(300.0, 500.0, bottom.x, bottom.y)
            editor.endStroke()
            for ((tile, colour) in listOf(0u to 2u, 20u to 2u, 33u to 1u, 45u to 2u)) {
                editor.paint(tile, EditorTool.Paint(colour))
            }
            val drawn = editor.paint(53u, EditorTool.Hole)
            assertEquals(null, drawn.tiles[48], "the mirror made a hole too")
            editor.undo()
            assertEquals(drawn.tiles, editor.redo().tiles)

            val analysis = finished(editor)
            val par = (analysis.par as ParEstimate.Proven).par
            assertTrue(par >= 2u)

            editor.play("Drawn").use { game ->
                assertEquals(par, game.snapshot().par)
                while (game.snapshot().status == GameStatus.Playing) {
                    val next = game.hint().next!!
                    game.play(next.tile, next.colour)
                }
                assertEquals(GameStatus.Won(Grade.PERFECT), game.snapshot().status)
            }
            PuzzleCollection().use { puzzles ->
                val entry = editor.saveTo(puzzles, "Mine")
                assertEquals(PuzzleOrigin.MADE, entry.origin)
                assertTrue(entry.parProven)
            }
        }
    }

    @Test
    fun `bad edits are typed errors`() {
        Editor.blank(Tiling.TRIANGLES, 4u, 3u, curatedPalettes()[1].colours.take(2)).use { editor ->
            assertFailsWith<KamiException.TileOutOfRange> { editor.paint(12u, EditorTool.Hole) }
            assertFailsWith<KamiException.MirrorDoesNotFit> { editor.setMirror(Symmetry.LEFT_RIGHT) }
            assertFailsWith<KamiException.PaletteSize> { editor.removeColour(0u, 1u) }
            assertFailsWith<KamiException.BoardOneColour> { editor.play("Blank") }
        }
    }
}
