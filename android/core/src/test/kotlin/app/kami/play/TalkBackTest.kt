package app.kami.play

import app.kami.core.Game
import app.kami.core.Rgb
import app.kami.core.deeperLevelId
import app.kami.core.firstLevelId
import app.kami.core.firstLevelWin
import app.kami.core.losingLine
import app.kami.core.packs
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * Playing the board with TalkBack, as VoiceOver plays it on iOS: the board read as runs of colour,
 * a cursor over them, moves played at the cursor or from the hint, and what is said about the
 * cursor. Every move is checked against the core.
 */
class TalkBackTest {
    /** A shipped level with a hole in it if there is one (the cursor must skip holes), else the last. */
    private val levelId = packs().flatMap { it.levels }.map { it.id }.firstOrNull { id ->
        Game(id).use { game -> game.snapshot().tiles.any { it == null } }
    } ?: packs().last().levels.last().id

    @Test
    fun `the runs cover every tile once, in reading order, and the cursor walks them`() = withScope { scope ->
        Game(levelId).use { game ->
            val holder = GameStateHolder(game, scope)
            val snapshot = holder.state.value.snapshot
            val runs = TileRun.runs(snapshot)
            assertEquals(snapshot.tiles.indices.filter { snapshot.tiles[it] != null }.map { it.toUInt() }, runs.flatMap { it.tiles })
            runs.forEach { run -> run.tiles.forEach { assertEquals(run.colour, snapshot.tiles[it.toInt()]) } }
            runs.zipWithNext().filter { (a, b) -> a.row == b.row }.forEach { (a, b) -> assertTrue(a.colour != b.colour || b.columns.first > a.columns.last + 1) }

            assertEquals(runs.first(), holder.state.value.cursorRun)
            assertFalse(holder.moveCursor(CursorMove.PREVIOUS), "nothing before the first run")
            val visited = mutableListOf(assertNotNull(holder.state.value.cursorRun))
            while (holder.moveCursor(CursorMove.NEXT)) visited += assertNotNull(holder.state.value.cursorRun)
            assertEquals(runs, visited)
            assertFalse(holder.moveCursor(CursorMove.DOWN), "no row below the last")
            assertTrue(holder.moveCursor(CursorMove.PREVIOUS))
            assertEquals(runs[runs.size - 2], holder.state.value.cursorRun)

            // Up, row by row, to the top: each step lands on the nearest row above with tiles.
            val rows = runs.map { it.row }.distinct()
            var row = assertNotNull(holder.state.value.cursorRun).row
            while (holder.moveCursor(CursorMove.UP)) {
                val now = assertNotNull(holder.state.value.cursorRun).row
                assertEquals(rows.filter { it < row }.max(), now)
                row = now
            }
            assertEquals(rows.first(), row)
        }
    }

    @Test
    fun `a double-tap paints the cursor's run and the reading says where it is`() = withScope { scope ->
        Game(deeperLevelId()).use { game ->
            val holder = GameStateHolder(game, scope)
            holder.moveCursor(CursorMove.NEXT)
            val run = assertNotNull(holder.state.value.cursorRun)
            val reading = assertNotNull(holder.state.value.cursorReading)
            assertEquals(CursorReading(run.colour, ColourName.of(holder.state.value.snapshot.palette[run.colour.toInt()]), run.row + 1, run.columns.first + 1, run.columns.last + 1, false), reading)

            val colour = (run.colour + 1u) % holder.state.value.snapshot.palette.size.toUInt()
            holder.selectColour(colour)
            holder.playAtCursor()
            val after = holder.state.value
            assertEquals(1u, after.snapshot.movesUsed)
            assertEquals(run.first, after.cursor, "the cursor stays on the tile played")
            assertEquals(colour, after.cursorRun?.colour)
            assertTrue(after.ripple != null && after.resultDue == (after.snapshot.status != app.kami.core.GameStatus.Playing))
        }
    }

    @Test
    fun `the hint is read where the cursor is on it, and plays from TalkBack`() = withScope { scope ->
        Game(deeperLevelId()).use { game ->
            val holder = GameStateHolder(game, scope)
            holder.requestHint()
            runBlocking { withTimeout(10_000) { while (holder.state.value.hint !is HintState.Shown) kotlinx.coroutines.delay(10) } }
            val move = (holder.state.value.hint as HintState.Shown).move
            // Walk the cursor over every run: "hinted" exactly where the hinted region is.
            do {
                val run = assertNotNull(holder.state.value.cursorRun)
                assertEquals(move.region.any { it in run }, assertNotNull(holder.state.value.cursorReading).hinted)
            } while (holder.moveCursor(CursorMove.NEXT))

            assertTrue(holder.playHint())
            assertEquals(1u, holder.state.value.snapshot.movesUsed)
            assertEquals(move.tile, holder.state.value.cursor)
            assertEquals(HintState.Idle, holder.state.value.hint)
            assertFalse(holder.playHint(), "no hint shown: nothing to play")
        }
    }

    @Test
    fun `colours get the same coarse names as on iOS`() {
        fun name(r: Int, g: Int, b: Int) = ColourName.of(Rgb(r.toUByte(), g.toUByte(), b.toUByte()))
        assertEquals(ColourName(ColourName.Hue.BLACK, false), name(10, 10, 10))
        assertEquals(ColourName(ColourName.Hue.WHITE, false), name(250, 250, 250))
        assertEquals(ColourName(ColourName.Hue.GREY, false), name(128, 128, 128))
        assertEquals(ColourName(ColourName.Hue.GREY, true), name(60, 60, 60))
        assertEquals(ColourName(ColourName.Hue.RED, false), name(220, 40, 40))
        assertEquals(ColourName(ColourName.Hue.BLUE, true), name(20, 20, 100))
        assertEquals(ColourName(ColourName.Hue.BROWN, false), name(120, 80, 10))
        assertEquals(ColourName(ColourName.Hue.YELLOW, false), name(240, 220, 40))
        assertEquals(ColourName(ColourName.Hue.TEAL, false), name(20, 170, 190))
    }

    @Test
    fun `after each change TalkBack hears the counter and what is left, then the outcome`() {
        Game(firstLevelId()).use { game ->
            val start = game.snapshot()
            assertEquals(ProgressAnnouncement.Playing(0u, start.par, start.regionCount, start.coloursLeft), ProgressAnnouncement.of(start))
            firstLevelWin().forEach { game.play(it.tile, it.colour) }
            assertEquals(ProgressAnnouncement.SolvedInPar(game.snapshot().movesUsed), ProgressAnnouncement.of(game.snapshot()))
        }
        Game(deeperLevelId()).use { game ->
            losingLine(game).forEach { game.play(it.tile, it.colour) }
            assertEquals(ProgressAnnouncement.OutOfMoves, ProgressAnnouncement.of(game.snapshot()))
        }
    }
}
