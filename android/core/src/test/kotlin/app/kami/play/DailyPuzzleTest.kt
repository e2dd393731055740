package app.kami.play

import app.kami.core.Game
import app.kami.core.KamiException
import app.kami.core.dailyPuzzle
import app.kami.core.withoutRevision
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.runBlocking
import java.nio.file.Files
import java.time.LocalDate
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNotSame
import kotlin.test.assertNull
import kotlin.test.assertSame
import kotlin.test.assertTrue

class DailyPuzzleTest {
    private fun board(year: UInt, month: UInt, day: UInt) = dailyPuzzle(year, month, day).game.use { it.snapshot() }

    @Test
    fun `the daily puzzle of a date is the same every time`() {
        val first = board(2025u, 3u, 9u)
        assertEquals("daily/2025-03-09", first.levelId)
        assertEquals(first, board(2025u, 3u, 9u))
        assertNotEquals(first.tiles, board(2025u, 3u, 10u).tiles)
    }

    @Test
    fun `no puzzle for a date that does not exist`() {
        assertFailsWith<KamiException.InvalidDate> { dailyPuzzle(2025u, 2u, 29u) }
    }

    @Test
    fun `a session opens the daily puzzle and restores it after a restart`() = withStore { store, scope ->
        val session = PlaySession(store, scope)
        runBlocking { session.openDaily(LocalDate.of(2025, 3, 9)) }
        val opened = assertNotNull(session.playing.value).state.value.snapshot
        assertEquals(board(2025u, 3u, 9u).withoutRevision(), opened.withoutRevision())

        val restored = PlaySession(store, scope)
        assertEquals(opened, assertNotNull(restored.current.value).state.value.snapshot)
    }

    @Test
    fun `the daily puzzle left and opened again continues, also after a restart, until another day's`() = withStore { store, scope ->
        val day = LocalDate.of(2025, 3, 9)
        val session = PlaySession(store, scope)
        val daily = assertNotNull(runBlocking { session.openDaily(day) })
        daily.playSomeMove()
        daily.undo()
        daily.playSomeMove()
        val left = daily.state.value.snapshot.withoutRevision()
        session.leave()
        assertNull(session.playing.value)

        assertSame(daily, runBlocking { session.openDaily(day) })
        assertEquals(left, daily.state.value.snapshot.withoutRevision())

        session.leave()
        val restarted = PlaySession(store, scope)
        val continued = assertNotNull(runBlocking { restarted.openDaily(day) })
        assertSame(restarted.current.value, continued)
        assertEquals(left, continued.state.value.snapshot.withoutRevision())
        assertTrue(continued.state.value.snapshot.canUndo)

        val next = assertNotNull(runBlocking { restarted.openDaily(day.plusDays(1)) })
        assertNotSame(continued, next)
        assertEquals("daily/2025-03-10", next.state.value.snapshot.levelId)
        assertEquals(0u, next.state.value.snapshot.movesUsed)
        assertEquals(next.state.value.snapshot.withoutRevision(), Game.restore(assertNotNull(store.read("game"))).use { it.snapshot() }.withoutRevision())
    }

    /** Paints the first tile's region with the next colour, through a tap at its centre. */
    private fun GameStateHolder.playSomeMove() {
        val snapshot = state.value.snapshot
        val tile = snapshot.tiles.indexOfFirst { it != null }
        selectColour((checkNotNull(snapshot.tiles[tile]) + 1u) % snapshot.palette.size.toUInt())
        val centre = checkNotNull(layout(360.0, 640.0)).tiles.first { it.tile == tile.toUInt() }.centre
        tapAt(centre.x, centre.y, 360.0, 640.0)
        assertEquals(snapshot.movesUsed + 1u, state.value.snapshot.movesUsed)
    }

    /** Runs [test] with a store in a fresh folder and a scope, both gone afterwards. */
    private fun withStore(test: (SaveStore, CoroutineScope) -> Unit) = withScope { scope ->
        val directory = Files.createTempDirectory("kami-daily").toFile()
        try {
            test(SaveStore(directory), scope)
        } finally {
            directory.deleteRecursively()
        }
    }
}
